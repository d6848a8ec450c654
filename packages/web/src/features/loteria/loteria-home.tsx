import { formatearFecha } from "@fila/domain";
import { Anchor, Card, Group, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { useSesion } from "../../app/session-store";
import { useTranslation } from "../../lib/i18n";
import { pendientesDeLiquidar } from "./pendientes-liquidar";
import { useMisTalonarios } from "./use-loteria";

// Loaded lazily by the usuario's and socio's homes, inside their deferred part: the homes' first
// paint neither waits for this code nor for its request.

/** On the member homes while a lottery is open: my talonarios still to settle, and where. */
export function LoteriaHome() {
  const { usuario } = useSesion();
  // An administrator on the member home ("Cambiar a Fester") settles from the Cuotas page.
  if (usuario.rol === "administrador") return null;
  return <LoteriaCard />;
}

function LoteriaCard() {
  const { t } = useTranslation();
  const mias = useMisTalonarios();
  const pendientes = pendientesDeLiquidar(mias.data?.items ?? []);
  const primero = pendientes[0];
  if (!primero) return null;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="home-loteria">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="home-loteria">
          {primero.loteria.nombre}
        </Title>
        <Anchor component={Link} to="/mispagos" size="sm">
          {t("loteria.home.liquidar")}
        </Anchor>
      </Group>
      <Text size="sm">
        {t("loteria.home.pendientes", {
          count: pendientes.length,
          fecha: formatearFecha(primero.loteria.fechaLimiteDevolucion),
        })}
      </Text>
    </Card>
  );
}
