import "mantine-datatable/styles.css";
import { formatearFechaHora, formatearNumero } from "@fila/domain";
import { Group, Text } from "@mantine/core";
import { DataTable } from "mantine-datatable";
import { useState } from "react";
import type { TFunction } from "../../lib/i18n";
import { useTranslation } from "../../lib/i18n";
import { useTextosTabla } from "../../lib/textos-tabla";
import { IdiomasDelTexto } from "../idioma/idiomas-del-texto";
import { type AlertaEnviada, useEnviadas } from "./use-alertas";

const TAMANYOS_PAGINA = [25, 50, 100, 200];

function describirDestino(destino: Record<string, unknown>, t: TFunction) {
  if (destino.todos) return t("alertas.destinos.todos");
  if (typeof destino.rol === "string")
    return `${t("alertas.destinos.rol")}: ${t(`roles.${destino.rol}`)}`;
  if (Array.isArray(destino.tiposSocio)) {
    return t("alertas.destinoTipos", { n: destino.tiposSocio.length });
  }
  if (destino.idActo) return t("alertas.destinos.idActo");
  if (Array.isArray(destino.idsSocio))
    return t("alertas.destinoSocios", { n: destino.idsSocio.length });
  if (Array.isArray(destino.idsGrupo))
    return t("alertas.destinoGrupos", { n: destino.idsGrupo.length });
  return "";
}

/** Administrators: the alerts sent, with how many received and read each one. */
export function AlertasEnviadas() {
  const { t } = useTranslation();
  const textosTabla = useTextosTabla();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  const lista = useEnviadas(page, pageSize);

  return (
    <DataTable<AlertaEnviada>
      aria-label={t("alertas.enviadas")}
      withTableBorder
      borderRadius="md"
      striped
      minHeight={lista.data?.items.length ? undefined : 150}
      records={lista.data?.items ?? []}
      fetching={lista.isFetching}
      totalRecords={lista.data?.total ?? 0}
      recordsPerPage={pageSize}
      recordsPerPageOptions={TAMANYOS_PAGINA}
      onRecordsPerPageChange={(n) => {
        setPageSize(n);
        setPage(1);
      }}
      page={page}
      onPageChange={setPage}
      noRecordsText={t("alertas.sinEnviadas")}
      {...textosTabla}
      columns={[
        {
          accessor: "titulo",
          title: t("alertas.campos.titulo"),
          render: (a) => (
            <Group gap="xs" wrap="nowrap">
              <Text size="sm">{a.titulo}</Text>
              <IdiomasDelTexto es={a.titulo} va={a.tituloVa ?? ""} />
            </Group>
          ),
        },
        {
          accessor: "creadaEn",
          title: t("alertas.fecha"),
          render: (a) => formatearFechaHora(a.creadaEn),
        },
        {
          accessor: "destino",
          title: t("alertas.campos.destino"),
          render: (a) => describirDestino(a.destino, t),
        },
        {
          accessor: "destinatarios",
          title: t("alertas.destinatarios"),
          textAlign: "right",
          render: (a) => formatearNumero(a.destinatarios),
        },
        {
          accessor: "leidas",
          title: t("alertas.leidas"),
          textAlign: "right",
          render: (a) => formatearNumero(a.leidas),
        },
      ]}
    />
  );
}
