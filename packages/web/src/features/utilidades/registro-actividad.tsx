import { type EntradaActividad, formatearFechaHora } from "@fila/domain";
import { Group, List, Select, Stack, Text } from "@mantine/core";
import { CampoFecha } from "../../lib/campo-fecha";
import { useTranslation } from "../../lib/i18n";
import { BotonesExportar, useListado } from "../../lib/listado";
import { TablaListado } from "../../lib/tabla-listado";
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
const FECHA = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);

/** The audit log: who changed what and when, field by field; filtered and exported. */
export function RegistroActividadPanel() {
  const { t } = useTranslation();
  const listado = useListado({
    tamanyos: [25, 50, 100],
    filtros: SIN_FILTROS,
    validar: { idUsuario: (v) => /^\d+$/.test(v), desde: FECHA, hasta: FECHA },
  });
  const filtros = listado.filtros;
  const lista = useActividad(listado.page, listado.pageSize, filtros);
  const opciones = useFiltrosActividad();
  const entidad = (e: string) => t(`registroActividad.entidades.${e}`, { defaultValue: e });

  function cambiar(campo: keyof FiltrosRegistro, v: string | null) {
    listado.cambiar({ [campo]: v ?? "" });
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
        <BotonesExportar
          ruta="/utilidades/actividad/exportar"
          consulta={consultaActividad(filtros)}
          nombre="actividad"
          textos={{
            xlsx: t("registroActividad.exportarXlsx"),
            csv: t("registroActividad.exportarCsv"),
          }}
          textoError={t("registroActividad.errorExportar")}
        />
      </Group>
      <TablaListado<EntradaActividad>
        lista={lista}
        listado={listado}
        titulo={t("registroActividad.titulo")}
        vacio={t("registroActividad.vacio")}
        idAccessor="id"
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
