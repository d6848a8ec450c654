import { formatearFecha, type MiTalonario, mensajeDeError } from "@fila/domain";
import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconChecklist, IconQrcode } from "@tabler/icons-react";
import { lazy, Suspense, useState } from "react";
import { Link } from "react-router";
import { useTranslation } from "../../lib/i18n";
import { EstadoBadge } from "../pagos/estado-badge";
import { BotonPagarAhora } from "../pagos/pago-online";
import { importe, nombrePersona } from "../pagos/pagos-logica";
import type { PagoApi } from "../pagos/tipos";
import { useMisTalonarios } from "./use-loteria";

// The forms load when someone opens them: Mis pagos shows the talonarios without their code.
const LiquidarModal = lazy(() =>
  import("./liquidar-modal").then((m) => ({ default: m.LiquidarModal })),
);
const DigitalModal = lazy(() =>
  import("./digital-modal").then((m) => ({ default: m.DigitalModal })),
);

/**
 * «Mi lotería» in Mis pagos: my talonarios and those of the members I pay for. An open one is
 * settled from here (sold or returned); the charge it leaves is paid with «Pagar ahora».
 * Nothing at all for someone without talonarios.
 */
export function MisTalonarios({ pagos }: { pagos: PagoApi[] }) {
  const { t } = useTranslation();
  const mias = useMisTalonarios();
  const [liquidando, setLiquidando] = useState<MiTalonario | null>(null);
  const [digitalDe, setDigitalDe] = useState<MiTalonario | null>(null);
  const talonarios = mias.data?.items ?? [];
  if (mias.isError) {
    return (
      <Alert role="alert" color="red" title={t("loteria.mia.errorCarga")}>
        {mensajeDeError(mias.error)}
      </Alert>
    );
  }
  if (talonarios.length === 0) return null;

  return (
    <Stack gap="sm" component="section" aria-labelledby="mi-loteria">
      <Title order={2} size="h3" id="mi-loteria">
        {t("loteria.mia.titulo")}
      </Title>
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
        {talonarios.map((tal) => (
          <TarjetaTalonario
            key={tal.id}
            talonario={tal}
            pago={pagos.find((p) => p.id === tal.cargo?.id)}
            alLiquidar={() => setLiquidando(tal)}
            alEmitirDigital={() => setDigitalDe(tal)}
          />
        ))}
      </Stack>
      {liquidando ? (
        <Suspense fallback={null}>
          <LiquidarModal
            talonario={liquidando}
            precio={liquidando.loteria.precio}
            alCerrar={() => setLiquidando(null)}
          />
        </Suspense>
      ) : null}
      {digitalDe ? (
        <Suspense fallback={null}>
          <DigitalModal
            abierto
            idLoteria={digitalDe.loteria.id}
            idTalonario={digitalDe.id}
            alCerrar={() => setDigitalDe(null)}
          />
        </Suspense>
      ) : null}
    </Stack>
  );
}

/** The words that name a talonario: its serials and its lottery. */
export function nombreTalonario(tal: Pick<MiTalonario, "serieDesde" | "serieHasta" | "loteria">) {
  return `${tal.loteria.nombre} · ${tal.serieDesde}–${tal.serieHasta}`;
}

function TarjetaTalonario({
  talonario: tal,
  pago,
  alLiquidar,
  alEmitirDigital,
}: {
  talonario: MiTalonario;
  /** The charge its settlement left, as Mis pagos has it. */
  pago: PagoApi | undefined;
  alLiquidar: () => void;
  alEmitirDigital: () => void;
}) {
  const { t } = useTranslation();
  const rango = `${tal.serieDesde}–${tal.serieHasta}`;
  const abierto = tal.estado === "pendiente" && tal.loteria.plazoAbierto;
  return (
    <Paper component="li" withBorder radius="md" p="sm" aria-label={nombreTalonario(tal)}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
          <Stack gap={0}>
            <Text fw={600}>{tal.loteria.nombre}</Text>
            <Text size="sm">{t("loteria.mia.series", { rango, n: tal.participaciones })}</Text>
          </Stack>
          <Badge
            variant="light"
            color={tal.estado === "liquidado" ? "green" : "blue"}
            miw="max-content"
          >
            {t(`loteria.estadosTalonario.${tal.estado}`)}
          </Badge>
        </Group>
        {tal.socio ? (
          <Text size="sm">{t("misPagos.para", { nombre: nombrePersona(tal.socio) })}</Text>
        ) : null}
        <Text size="sm" c="dimmed">
          {t("loteria.mia.precio", {
            precio: importe(tal.loteria.precio),
            jugado: importe(tal.loteria.importeJugado),
            donativo: importe(tal.loteria.donativo),
          })}
        </Text>
        {tal.estado === "pendiente" ? (
          <Text size="sm">
            {abierto
              ? t("loteria.mia.devolverAntes", {
                  fecha: formatearFecha(tal.loteria.fechaLimiteDevolucion),
                })
              : t("loteria.mia.fueraDePlazo")}
          </Text>
        ) : (
          <Group gap="xs" justify="space-between">
            <Text size="sm" data-testid="liquidacion">
              {t("loteria.mia.liquidado", {
                vendidas: tal.vendidas,
                devueltas: tal.devueltas,
                total: importe(tal.total),
              })}
            </Text>
            {tal.cargo ? <EstadoBadge estado={tal.cargo.estado} /> : null}
          </Group>
        )}
        {tal.participacionesDigitales.length > 0 ? (
          <Stack gap={2}>
            <Text size="sm" fw={500}>
              {t("loteria.mia.digitales", { count: tal.participacionesDigitales.length })}
            </Text>
            {tal.participacionesDigitales.map((d) => (
              <Anchor key={d.serie} component={Link} to={`/participacion/${d.codigo}`} size="sm">
                {t("loteria.mia.digital", { serie: d.serie, nombre: d.comprador.nombre })}
              </Anchor>
            ))}
          </Stack>
        ) : null}
        {abierto ? (
          <Group gap="xs">
            <Button
              leftSection={<IconChecklist size={16} aria-hidden />}
              onClick={alLiquidar}
              aria-label={t("loteria.mia.liquidarDe", { rango })}
            >
              {t("loteria.mia.liquidar")}
            </Button>
            <Button
              variant="light"
              leftSection={<IconQrcode size={16} aria-hidden />}
              onClick={alEmitirDigital}
            >
              {t("loteria.digital.boton")}
            </Button>
          </Group>
        ) : null}
        {pago && (pago.estado === "pendiente" || pago.estado === "devuelto") ? (
          <Group>
            <BotonPagarAhora pendientes={[pago]} />
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
