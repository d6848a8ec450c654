import { formatearFechaHora } from "@fila/domain";
import {
  ActionIcon,
  Badge,
  Button,
  CloseButton,
  Group,
  Paper,
  Stack,
  Text,
  Tooltip,
} from "@mantine/core";
import { IconEye, IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "../../lib/i18n";
import { useListado } from "../../lib/listado";
import { TablaListado } from "../../lib/tabla-listado";
import { ProgresoTrabajo, useTrabajo } from "../../lib/trabajos";
import { useTiposSocio } from "../socios/use-socios";
import { DetalleEnvio } from "./detalle-envio";
import { BotonesCartas, CuentasEnvio, resumenFiltro } from "./formato-envios";
import { type EnvioLanzado, NuevoEnvio } from "./nuevo-envio";
import {
  type Envio,
  type EstadoEnvio,
  type ResultadoEnvio,
  useHistorialEnvios,
  useMutacionesEnvios,
} from "./use-envios";

const COLOR_ESTADO: Record<EstadoEnvio, string> = {
  en_curso: "blue",
  terminado: "green",
  fallido: "red",
};

/**
 * Envíos (issue 36, administrador): mailings to any group of members, one mail each through the
 * app's job runner, with the progress of the one being sent, the history and the letters.
 */
export function EnviosPanel() {
  const { t } = useTranslation();
  const tipos = useTiposSocio();
  const { refrescar } = useMutacionesEnvios();
  const [nuevo, setNuevo] = useState(false);
  const [lanzado, setLanzado] = useState<EnvioLanzado | null>(null);
  const [viendo, setViendo] = useState<number | null>(null);
  const listado = useListado({ tamanyos: [20, 50, 100] });
  const historial = useHistorialEnvios(listado.page, listado.pageSize);
  const seguimiento = useTrabajo<ResultadoEnvio>(lanzado?.idTrabajo ?? null, {
    cadaMs: 1000,
    alTerminar: () => void refrescar(),
    alFallar: () => void refrescar(),
  });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Text c="dimmed" size="sm" maw={720}>
          {t("envios.intro")}
        </Text>
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setNuevo(true)}>
          {t("envios.nuevo.boton")}
        </Button>
      </Group>

      {lanzado ? (
        <Paper withBorder p="md" radius="md" aria-label={t("envios.enCurso.region")} role="region">
          <Group justify="space-between" align="flex-start" mb="xs">
            <Text fw={600}>{t("envios.enCurso.titulo", { asunto: lanzado.asunto })}</Text>
            {seguimiento.enCurso ? null : (
              <CloseButton
                aria-label={t("envios.enCurso.cerrar")}
                onClick={() => setLanzado(null)}
              />
            )}
          </Group>
          <ProgresoTrabajo trabajo={seguimiento.trabajo} errorConsulta={seguimiento.errorConsulta}>
            {(r) => (
              <Stack gap="xs">
                <Text size="sm" c="teal.9">
                  {t("envios.enCurso.terminado")}
                </Text>
                <CuentasEnvio envio={r} />
                <BotonesCartas envio={{ id: lanzado.id, sinEmail: r.sinEmail }} />
              </Stack>
            )}
          </ProgresoTrabajo>
        </Paper>
      ) : null}

      <TablaListado<Envio>
        lista={historial}
        listado={listado}
        titulo={t("envios.historial.titulo")}
        vacio={t("envios.historial.vacio")}
        tituloError={t("envios.historial.error")}
        highlightOnHover
        idAccessor="id"
        columns={[
          {
            accessor: "creadoEn",
            title: t("envios.historial.fecha"),
            render: (e) => formatearFechaHora(e.creadoEn),
          },
          {
            accessor: "asunto",
            title: t("envios.historial.asunto"),
            render: (e) => (
              <Stack gap={0}>
                <Text size="sm" fw={500}>
                  {e.asunto}
                </Text>
                <Text size="xs" c="dimmed">
                  {resumenFiltro(e.filtro, t, tipos.data ?? [])}
                </Text>
              </Stack>
            ),
          },
          {
            accessor: "creadoPor",
            title: t("envios.historial.quien"),
            render: (e) => e.creadoPor ?? t("envios.historial.desconocido"),
          },
          {
            accessor: "estado",
            title: t("envios.historial.estado"),
            render: (e) => (
              <Badge variant="light" color={COLOR_ESTADO[e.estado]}>
                {t(`envios.estadosEnvio.${e.estado}`)}
              </Badge>
            ),
          },
          { accessor: "enviados", title: t("envios.historial.enviados"), textAlign: "right" },
          { accessor: "fallidos", title: t("envios.historial.fallidos"), textAlign: "right" },
          { accessor: "omitidos", title: t("envios.historial.omitidos"), textAlign: "right" },
          { accessor: "sinEmail", title: t("envios.historial.sinEmail"), textAlign: "right" },
          {
            accessor: "acciones",
            title: t("envios.historial.acciones"),
            textAlign: "right",
            render: (e) => {
              const ver = t("envios.historial.ver", { asunto: e.asunto });
              return (
                <Tooltip label={ver}>
                  <ActionIcon variant="subtle" aria-label={ver} onClick={() => setViendo(e.id)}>
                    <IconEye size={18} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              );
            },
          },
        ]}
      />
      <NuevoEnvio abierto={nuevo} alCerrar={() => setNuevo(false)} alLanzar={setLanzado} />
      <DetalleEnvio id={viendo} alCerrar={() => setViendo(null)} />
    </Stack>
  );
}
