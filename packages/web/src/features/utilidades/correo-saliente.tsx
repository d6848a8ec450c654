import {
  type CorreoSaliente,
  ESTADOS_CORREO,
  type EstadoCorreo,
  formatearFechaHora,
} from "@fila/domain";
import { Alert, Badge, Button, Group, Select, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconRefresh } from "@tabler/icons-react";
import { useTranslation } from "../../lib/i18n";
import { CampoBusqueda, useListado } from "../../lib/listado";
import { notificarError } from "../../lib/notificar";
import { TablaListado } from "../../lib/tabla-listado";
import { useCorreos, useReenviarCorreo } from "./use-registros";

const COLOR: Record<EstadoCorreo, string> = {
  pendiente: "blue",
  enviado: "green",
  error: "red",
  sin_smtp: "gray",
};

/** Every email the app sent or tried, without bodies or links; failed ones can be resent. */
export function CorreoSalientePanel() {
  const { t } = useTranslation();
  const listado = useListado({
    tamanyos: [25, 50, 100],
    filtros: { estado: "" as "" | EstadoCorreo },
    validar: { estado: (v) => (ESTADOS_CORREO as readonly string[]).includes(v) },
  });
  const lista = useCorreos(listado.page, listado.pageSize, listado.q, listado.filtros.estado);
  const reenviar = useReenviarCorreo();

  async function reenviarCorreo(c: CorreoSaliente) {
    try {
      const nuevo = await reenviar.mutateAsync(c.id);
      if (nuevo.estado === "enviado") {
        notifications.show({
          color: "green",
          message: t("correoSaliente.reenviado", { para: c.para }),
        });
      } else {
        notifications.show({
          color: "red",
          message: t("correoSaliente.vuelveAFallar", { error: nuevo.error }),
        });
      }
    } catch (e) {
      notificarError(e, t("correoSaliente.errorReenvio"));
    }
  }

  return (
    <Stack gap="md">
      <Text c="dimmed" size="sm">
        {t("correoSaliente.intro")}
      </Text>
      {lista.data && !lista.data.conSmtp ? (
        <Alert color="orange" role="status">
          {t("correoSaliente.sinSmtp")}
        </Alert>
      ) : null}
      <Group align="flex-end" gap="sm">
        <CampoBusqueda
          busqueda={listado.busqueda}
          label={t("correoSaliente.buscar")}
          placeholder={t("correoSaliente.buscarAyuda")}
          maxLength={100}
        />
        <Select
          label={t("correoSaliente.estado")}
          placeholder={t("correoSaliente.todos")}
          data={ESTADOS_CORREO.map((e) => ({ value: e, label: t(`correoSaliente.estados.${e}`) }))}
          value={listado.filtros.estado || null}
          onChange={(v) => listado.cambiar({ estado: (v ?? "") as "" | EstadoCorreo })}
          clearable
          w={220}
        />
      </Group>
      <TablaListado<CorreoSaliente>
        lista={lista}
        listado={listado}
        titulo={t("correoSaliente.titulo")}
        vacio={t("correoSaliente.vacio")}
        idAccessor="id"
        columns={[
          {
            accessor: "creadoEn",
            title: t("correoSaliente.col.cuando"),
            render: (c) => formatearFechaHora(c.creadoEn),
          },
          { accessor: "para", title: t("correoSaliente.col.para") },
          { accessor: "asunto", title: t("correoSaliente.col.asunto") },
          {
            accessor: "estado",
            title: t("correoSaliente.col.estado"),
            render: (c) => (
              <Stack gap={2}>
                <Badge variant="light" color={COLOR[c.estado]}>
                  {t(`correoSaliente.estados.${c.estado}`)}
                </Badge>
                {c.error ? (
                  <Text size="xs" c="red.9">
                    {c.error}
                  </Text>
                ) : null}
              </Stack>
            ),
          },
          {
            accessor: "acciones",
            title: t("correoSaliente.col.acciones"),
            textAlign: "right",
            render: (c) =>
              c.estado === "error" && lista.data?.conSmtp ? (
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconRefresh size={14} aria-hidden />}
                  loading={reenviar.isPending && reenviar.variables === c.id}
                  aria-label={t("correoSaliente.reenviarA", { para: c.para })}
                  onClick={() => void reenviarCorreo(c)}
                >
                  {t("correoSaliente.reenviar")}
                </Button>
              ) : null,
          },
        ]}
      />
    </Stack>
  );
}
