import { mensajeDeError } from "@fila/domain";
import { Anchor, Card, Group, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { useSesion } from "../../app/session-store";
import { useTranslation } from "../../lib/i18n";
import { BotonPagarAhora } from "./pago-online";
import { importe } from "./pagos-logica";
import { useMisPagosPendientes } from "./use-pagos";

/** On the usuario and socio homes: what I owe (mine and those I pay for). */
export function PagosPendientesHome() {
  const { usuario } = useSesion();
  // An administrator on the member home ("Cambiar a Fester") has no payments area there.
  if (usuario.rol === "administrador") return null;
  return <PagosPendientesCard />;
}

function PagosPendientesCard() {
  const { t } = useTranslation();
  const mios = useMisPagosPendientes();
  const pendientes = (mios.data?.items ?? []).filter(
    (p) => p.estado === "pendiente" || p.estado === "devuelto",
  );
  const debidos = pendientes.length;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="home-pagos">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="home-pagos">
          {t("misPagos.tarjeta")}
        </Title>
        <Anchor component={Link} to="/mispagos" size="sm">
          {t("misPagos.verMisPagos")}
        </Anchor>
      </Group>
      {mios.isError ? (
        <Text size="sm" c="dimmed">
          {mensajeDeError(mios.error)}
        </Text>
      ) : (
        <>
          <Text fz={32} fw={700} data-testid="home-total-pendiente">
            {mios.data ? importe(mios.data.totalPendiente) : "–"}
          </Text>
          {mios.data ? (
            <Text size="sm" c="dimmed">
              {debidos === 0
                ? t("misPagos.alDia")
                : t("misPagos.cargosPendientes", { count: debidos })}
            </Text>
          ) : null}
          {debidos > 0 ? (
            <Group mt="sm">
              <BotonPagarAhora pendientes={pendientes} />
            </Group>
          ) : null}
        </>
      )}
    </Card>
  );
}
