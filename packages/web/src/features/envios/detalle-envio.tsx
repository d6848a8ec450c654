import "mantine-datatable/styles.css";
import { formatearFechaHora, mensajeDeError } from "@fila/domain";
import { Alert, Badge, Group, Loader, Modal, Paper, Select, Stack, Text } from "@mantine/core";
import { DataTable } from "mantine-datatable";
import { useState } from "react";
import { useTranslation } from "../../lib/i18n";
import { useTextosTabla } from "../../lib/textos-tabla";
import { ContenidoNoticia } from "../noticias/contenido-noticia";
import { useTiposSocio } from "../socios/use-socios";
import { BotonesCartas, CuentasEnvio, resumenFiltro } from "./formato-envios";
import {
  type DestinatarioEnvio,
  ESTADOS_DESTINATARIO,
  type EstadoDestinatario,
  useDestinatariosEnvio,
  useEnvio,
} from "./use-envios";

const COLOR_DESTINATARIO: Record<EstadoDestinatario, string> = {
  pendiente: "gray",
  enviando: "yellow",
  enviado: "green",
  fallido: "red",
  omitido: "orange",
  sin_email: "blue",
};

/** One mailing of the history: its message, who it was for, the counts and every recipient. */
export function DetalleEnvio({ id, alCerrar }: { id: number | null; alCerrar: () => void }) {
  const { t } = useTranslation();
  const envio = useEnvio(id);
  const tipos = useTiposSocio();
  const e = envio.data;
  return (
    <Modal
      opened={id !== null}
      onClose={alCerrar}
      size="xl"
      title={e ? e.asunto : t("envios.detalle.titulo")}
      closeButtonProps={{ "aria-label": t("envios.cerrar") }}
    >
      {envio.isError ? (
        <Alert role="alert" color="red">
          {mensajeDeError(envio.error)}
        </Alert>
      ) : !e ? (
        <Loader aria-label={t("app.cargando")} />
      ) : (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t("envios.detalle.cabecera", {
              fecha: formatearFechaHora(e.creadoEn),
              quien: e.creadoPor ?? t("envios.historial.desconocido"),
            })}
          </Text>
          <Text size="sm">
            <strong>{t("envios.detalle.destinatarios")}:</strong>{" "}
            {resumenFiltro(e.filtro, t, tipos.data ?? [])}
          </Text>
          <CuentasEnvio envio={e} />
          <BotonesCartas envio={e} />
          <Paper withBorder p="md" radius="md">
            <ContenidoNoticia html={e.cuerpo} />
          </Paper>
          {id !== null ? <TablaDestinatarios id={id} /> : null}
        </Stack>
      )}
    </Modal>
  );
}

function TablaDestinatarios({ id }: { id: number }) {
  const { t } = useTranslation();
  const textosTabla = useTextosTabla();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  const [estado, setEstado] = useState<"" | EstadoDestinatario>("");
  const lista = useDestinatariosEnvio(id, page, pageSize, estado);
  return (
    <Stack gap="xs">
      <Group justify="space-between" align="flex-end">
        <Text fw={600}>{t("envios.detalle.lista")}</Text>
        <Select
          label={t("envios.detalle.estado")}
          placeholder={t("envios.filtros.todos")}
          data={ESTADOS_DESTINATARIO.map((v) => ({ value: v, label: t(`envios.estados.${v}`) }))}
          value={estado || null}
          onChange={(v) => {
            setEstado((v ?? "") as "" | EstadoDestinatario);
            setPage(1);
          }}
          clearable
          clearButtonProps={{ "aria-label": t("envios.filtros.quitar") }}
          w={200}
        />
      </Group>
      {lista.isError ? (
        <Alert role="alert" color="red">
          {mensajeDeError(lista.error)}
        </Alert>
      ) : null}
      <DataTable<DestinatarioEnvio>
        aria-label={t("envios.detalle.lista")}
        withTableBorder
        borderRadius="md"
        striped
        minHeight={lista.data && lista.data.items.length > 0 ? undefined : 120}
        records={lista.data?.items ?? []}
        idAccessor={(d) => `${d.idSocio ?? ""}-${d.apellidos}-${d.nombre}`}
        fetching={lista.isFetching}
        columns={[
          {
            accessor: "nombre",
            title: t("envios.detalle.columnas.socio"),
            render: (d) => `${d.apellidos}, ${d.nombre}`,
          },
          {
            accessor: "matricula",
            title: t("envios.detalle.columnas.matricula"),
            render: (d) => d.matricula ?? "",
          },
          {
            accessor: "email",
            title: t("envios.detalle.columnas.email"),
            render: (d) => d.email ?? "",
          },
          {
            accessor: "estado",
            title: t("envios.detalle.columnas.estado"),
            render: (d) => (
              <Badge variant="light" color={COLOR_DESTINATARIO[d.estado]}>
                {t(`envios.estados.${d.estado}`)}
              </Badge>
            ),
          },
        ]}
        {...textosTabla}
        noRecordsText={t("envios.detalle.sinDestinatarios")}
        page={page}
        onPageChange={setPage}
        totalRecords={lista.data?.total ?? 0}
        recordsPerPage={pageSize}
        recordsPerPageOptions={[25, 50, 100]}
        onRecordsPerPageChange={(n) => {
          setPageSize(n);
          setPage(1);
        }}
      />
    </Stack>
  );
}
