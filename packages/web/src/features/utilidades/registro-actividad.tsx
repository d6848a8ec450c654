import "mantine-datatable/styles.css";
import { type EntradaActividad, formatearFechaHora, mensajeDeError } from "@fila/domain";
import { Alert, Button, Group, List, Select, Stack, Text } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { DataTable } from "mantine-datatable";
import { useState } from "react";
import { CampoFecha } from "../../lib/campo-fecha";
import { descargarDeApi } from "../../lib/descargar";
import { useTranslation } from "../../lib/i18n";
import { notificarError } from "../../lib/notificar";
import { useTextosTabla } from "../../lib/textos-tabla";
import {
  consultaActividad,
  type FiltrosRegistro,
  useActividad,
  useFiltrosActividad,
} from "./use-registros";

/** A before/after value on screen: text as it is, the rest as JSON, nothing as «—». */
function valor(v: unknown): string {
  if (v === null || v === undefined || v === "") return "—";
  return typeof v === "string" ? v : JSON.stringify(v);
}

const SIN_FILTROS: FiltrosRegistro = { idUsuario: "", entidad: "", desde: "", hasta: "" };

/** The audit log: who changed what and when, field by field; filtered and exported. */
export function RegistroActividadPanel() {
  const { t } = useTranslation();
  const textosTabla = useTextosTabla();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  const [filtros, setFiltros] = useState<FiltrosRegistro>(SIN_FILTROS);
  const lista = useActividad(page, pageSize, filtros);
  const opciones = useFiltrosActividad();
  const entidad = (e: string) => t(`registroActividad.entidades.${e}`, { defaultValue: e });

  function cambiar(campo: keyof FiltrosRegistro, v: string | null) {
    setFiltros((f) => ({ ...f, [campo]: v ?? "" }));
    setPage(1);
  }

  async function exportar(formato: "csv" | "xlsx") {
    const query = consultaActividad(filtros);
    query.set("formato", formato);
    try {
      await descargarDeApi(`/utilidades/actividad/exportar?${query}`, `actividad.${formato}`);
    } catch (e) {
      notificarError(e, t("registroActividad.errorExportar"));
    }
  }

  return (
    <Stack gap="md">
      <Text c="dimmed" size="sm">
        {t("registroActividad.intro")}
      </Text>
      <Group align="flex-end" gap="sm">
        <Select
          label={t("registroActividad.persona")}
          placeholder={t("registroActividad.todas")}
          data={(opciones.data?.usuarios ?? []).map((u) => ({
            value: String(u.id),
            label: u.nombre,
          }))}
          value={filtros.idUsuario || null}
          onChange={(v) => cambiar("idUsuario", v)}
          clearable
          searchable
          w={220}
        />
        <Select
          label={t("registroActividad.entidad")}
          placeholder={t("registroActividad.todas")}
          data={(opciones.data?.entidades ?? []).map((e) => ({ value: e, label: entidad(e) }))}
          value={filtros.entidad || null}
          onChange={(v) => cambiar("entidad", v)}
          clearable
          searchable
          w={200}
        />
        <CampoFecha
          label={t("registroActividad.desde")}
          value={filtros.desde}
          onChange={(v) => cambiar("desde", v)}
          clearable
          w={160}
        />
        <CampoFecha
          label={t("registroActividad.hasta")}
          value={filtros.hasta}
          onChange={(v) => cambiar("hasta", v)}
          clearable
          w={160}
        />
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => void exportar("xlsx")}
          >
            {t("registroActividad.exportarXlsx")}
          </Button>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => void exportar("csv")}
          >
            {t("registroActividad.exportarCsv")}
          </Button>
        </Group>
      </Group>
      {lista.isError ? (
        <Alert role="alert" color="red">
          {mensajeDeError(lista.error)}
        </Alert>
      ) : null}
      <DataTable<EntradaActividad>
        aria-label={t("registroActividad.titulo")}
        withTableBorder
        borderRadius="md"
        striped
        minHeight={lista.data && lista.data.items.length > 0 ? undefined : 160}
        records={lista.data?.items ?? []}
        idAccessor="id"
        fetching={lista.isFetching}
        {...textosTabla}
        noRecordsText={t("registroActividad.vacio")}
        page={page}
        onPageChange={setPage}
        totalRecords={lista.data?.total ?? 0}
        recordsPerPage={pageSize}
        recordsPerPageOptions={[25, 50, 100]}
        onRecordsPerPageChange={(n) => {
          setPageSize(n);
          setPage(1);
        }}
        columns={[
          {
            accessor: "fecha",
            title: t("registroActividad.col.cuando"),
            render: (a) => formatearFechaHora(a.fecha),
          },
          { accessor: "usuario", title: t("registroActividad.col.persona") },
          {
            accessor: "entidad",
            title: t("registroActividad.col.entidad"),
            render: (a) =>
              a.idEntidad ? `${entidad(a.entidad)} ${a.idEntidad}` : entidad(a.entidad),
          },
          { accessor: "accion", title: t("registroActividad.col.accion") },
          {
            accessor: "cambios",
            title: t("registroActividad.col.cambios"),
            render: (a) =>
              a.cambios.length === 0 ? null : (
                <List size="xs" spacing={0}>
                  {a.cambios.map((c) => (
                    <List.Item key={c.campo}>
                      <strong>{c.campo}</strong>: {valor(c.antes)} → {valor(c.despues)}
                    </List.Item>
                  ))}
                </List>
              ),
          },
        ]}
      />
    </Stack>
  );
}
