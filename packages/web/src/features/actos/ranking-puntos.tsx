import type { PuntosSocio } from "@fila/domain";
import { mensajeDeError } from "@fila/domain";
import { Alert, Group, Select, Stack, Text } from "@mantine/core";
import { DataTable } from "mantine-datatable";
import { useState } from "react";
import { useTranslation } from "../../lib/i18n";
import { useTextosTabla } from "../../lib/textos-tabla";
import { nombreCompleto } from "../socios/tipos";
import { useRanking } from "./use-actos";

const TOTAL = "total";

/** The years offered: this one and the ten before it. */
function anyosRecientes(actual: number): string[] {
  return Array.from({ length: 11 }, (_, i) => String(actual - i));
}

/** Administrador: members ranked by attendance points, in a year or overall. */
export function RankingPuntos() {
  const { t } = useTranslation();
  const { loadingText, paginationText, getPaginationControlProps } = useTextosTabla();
  const actual = new Date().getFullYear();
  const [anyo, setAnyo] = useState<string>(String(actual));
  const [page, setPage] = useState(1);
  const ranking = useRanking(anyo === TOTAL ? null : Number(anyo), page, 50);
  const datos = ranking.data;
  const inicio = ((datos?.page ?? 1) - 1) * (datos?.pageSize ?? 50);

  return (
    <Stack>
      <Group align="flex-end">
        <Select
          label={t("actos.ranking.periodo")}
          data={[
            { value: TOTAL, label: t("actos.ranking.total") },
            ...anyosRecientes(actual).map((a) => ({ value: a, label: a })),
          ]}
          value={anyo}
          onChange={(v) => {
            setAnyo(v ?? String(actual));
            setPage(1);
          }}
          allowDeselect={false}
          maw={220}
        />
        <Text size="sm" c="dimmed">
          {t("actos.ranking.ayuda")}
        </Text>
      </Group>
      {ranking.isError ? (
        <Alert role="alert" color="red" title={t("actos.errorCarga")}>
          {mensajeDeError(ranking.error)}
        </Alert>
      ) : null}
      <DataTable<PuntosSocio & { posicion: number }>
        aria-label={t("actos.pestanyas.ranking")}
        withTableBorder
        borderRadius="md"
        striped
        minHeight={datos && datos.items.length > 0 ? undefined : 160}
        records={(datos?.items ?? []).map((p, i) => ({ ...p, posicion: inicio + i + 1 }))}
        idAccessor="idSocio"
        fetching={ranking.isFetching}
        loadingText={loadingText}
        paginationText={paginationText}
        getPaginationControlProps={getPaginationControlProps}
        noRecordsText={t("actos.ranking.vacio")}
        columns={[
          { accessor: "posicion", title: "#", width: 60, textAlign: "right" },
          {
            accessor: "nombre",
            title: t("actos.ranking.socio"),
            render: (p) => nombreCompleto(p),
          },
          {
            accessor: "puntos",
            title: t("actos.ranking.puntos"),
            textAlign: "right",
            width: 120,
          },
        ]}
        page={page}
        onPageChange={setPage}
        totalRecords={datos?.total ?? 0}
        recordsPerPage={50}
      />
    </Stack>
  );
}
