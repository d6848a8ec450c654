import { formatearFechaHora, mensajeDeError, type PedidoOnline } from "@fila/domain";
import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { IconFileTypePdf } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { api } from "../../lib/api";
import { useTranslation } from "../../lib/i18n";
import { descargarRecibo } from "./acciones-pago";
import { importe } from "./pagos-logica";

/** How often the page asks again while the bank's notification has not arrived. */
const CADA_MS = 3000;

/** `#/pago-online/:numero`: back from the bank, the order's result. */
export function PagoOnlineResultadoPage() {
  const { t } = useTranslation();
  const { numero = "" } = useParams();
  const pedido = useQuery({
    queryKey: ["pagos", "pago-online", numero],
    queryFn: ({ signal }) => api.get<PedidoOnline>(`/pagos/pago-online/${numero}`, signal),
    refetchInterval: (q) => (q.state.data?.estado === "pendiente" ? CADA_MS : false),
    staleTime: 0,
  });

  if (pedido.isLoading) {
    return (
      <Center mih="40dvh">
        <Loader aria-label={t("app.cargando")} />
      </Center>
    );
  }
  if (pedido.isError || !pedido.data) {
    return (
      <Alert role="alert" color="red" title={t("pagoOnline.errorCarga")} maw={720} mx="auto">
        {mensajeDeError(pedido.error)}
      </Alert>
    );
  }
  const p = pedido.data;
  return (
    <Stack gap="md" maw={720} mx="auto">
      <Title order={1} fz={{ base: 26, sm: 32 }}>
        {t(`pagoOnline.resultado.${p.estado}`)}
      </Title>
      <Paper withBorder radius="md" p="md">
        <Stack gap={6}>
          <Text fz="xl" fw={700}>
            {importe(p.importe)}
          </Text>
          <Text size="sm">
            {t("pagoOnline.pedido", { numero: p.numero, fecha: formatearFechaHora(p.fecha) })}
          </Text>
          <Text size="sm">{t(`pagoOnline.${p.metodo}`)}</Text>
          {p.estado === "pagado" ? (
            <Text size="sm">{t("pagoOnline.autorizacion", { codigo: p.codigoAutorizacion })}</Text>
          ) : null}
        </Stack>
      </Paper>
      {p.prueba ? (
        <Alert color="orange" role="status" title={t("pagoOnline.pruebaTitulo")}>
          {t("pagoOnline.pruebaResultado")}
        </Alert>
      ) : null}
      {p.estado === "pendiente" ? (
        <Alert color="yellow" role="status" icon={<Loader size="sm" />}>
          {t("pagoOnline.pendienteExplica")}
        </Alert>
      ) : null}
      {p.estado === "denegado" ? (
        <Alert color="red" role="alert" title={t("pagoOnline.motivo")}>
          {p.motivo}
        </Alert>
      ) : null}
      {p.estado === "pagado" && !p.prueba ? (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
          {p.cargos.map((c) => (
            <Paper component="li" key={c.id} withBorder radius="md" p="sm">
              <Group justify="space-between" gap="xs">
                <Text fw={500}>
                  {c.concepto} · {importe(c.importe)}
                </Text>
                <Button
                  size="compact-sm"
                  variant="light"
                  leftSection={<IconFileTypePdf size={16} aria-hidden />}
                  onClick={() => void descargarRecibo({ id: c.id })}
                  aria-label={t("misPagos.descargarReciboDe", {
                    concepto: c.concepto,
                    socio: p.socio,
                  })}
                >
                  {t("misPagos.descargarRecibo")}
                </Button>
              </Group>
            </Paper>
          ))}
        </Stack>
      ) : null}
      <Anchor component={Link} to="/mispagos">
        {t("misPagos.verMisPagos")}
      </Anchor>
    </Stack>
  );
}
