import { formatearFechaHora, mensajeDeError } from "@fila/domain";
import { Alert, Badge, Group, Loader, Modal, Paper, Select, Stack, Text } from "@mantine/core";
import { useTranslation } from "../../lib/i18n";
import { useListado } from "../../lib/listado";
import { TablaListado } from "../../lib/tabla-listado";
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
  // Inside a dialog: its page and filter live with it, not in the URL.
  const listado = useListado({
    tamanyos: [25, 50, 100],
    filtros: { estado: "" as "" | EstadoDestinatario },
    enUrl: false,
  });
  const estado = listado.filtros.estado;
  const lista = useDestinatariosEnvio(id, listado.page, listado.pageSize, estado);
  return (
    <Stack gap="xs">
      <Group justify="space-between" align="flex-end">
        <Text fw={600}>{t("envios.detalle.lista")}</Text>
        <Select
          label={t("envios.detalle.estado")}
          placeholder={t("envios.filtros.todos")}
          data={ESTADOS_DESTINATARIO.map((v) => ({ value: v, label: t(`envios.estados.${v}`) }))}
          value={estado || null}
          onChange={(v) => listado.cambiar({ estado: (v ?? "") as "" | EstadoDestinatario })}
          clearable
          clearButtonProps={{ "aria-label": t("envios.filtros.quitar") }}
          w={200}
        />
      </Group>
      <TablaListado<DestinatarioEnvio>
        lista={lista}
        listado={listado}
        titulo={t("envios.detalle.lista")}
        vacio={t("envios.detalle.sinDestinatarios")}
        altoVacio={120}
        idAccessor={(d) => `${d.idSocio ?? ""}-${d.apellidos}-${d.nombre}`}
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
      />
    </Stack>
  );
}
