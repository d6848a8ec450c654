import { type FamiliarActo, formatearFechaHora, type MiActo, mensajeDeError } from "@fila/domain";
import { Alert, Badge, Button, Card, Group, Stack, Text, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useEffect, useState } from "react";
import { useTranslation } from "../../lib/i18n";
import { useMutacionesMesas } from "./use-mesas";

/** Milliseconds until `instante` by this device's clock, ticking every second. */
export function useFaltan(instante: string | null): number {
  const [ahora, setAhora] = useState(() => Date.now());
  const objetivo = instante ? new Date(instante).getTime() : 0;
  const pendiente = objetivo > ahora;
  useEffect(() => {
    if (!pendiente) return;
    const id = setInterval(() => setAhora(Date.now()), 1000);
    return () => clearInterval(id);
  }, [pendiente]);
  return Math.max(0, objetivo - ahora);
}

/** "2 d 03:04:05" / "03:04:05". */
export function duracion(ms: number): string {
  const s = Math.floor(ms / 1000);
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const dos = (n: number) => String(n).padStart(2, "0");
  const reloj = `${dos(h)}:${dos(m)}:${dos(s % 60)}`;
  return d > 0 ? `${d} d ${reloj}` : reloj;
}

/**
 * The member's turn (issue 50): a countdown from the phone's clock until it opens; the server
 * checks again on enrolling. Renders `hijos(abierto)`.
 */
export function TurnoDe({
  familiar,
  hijos,
}: {
  familiar: FamiliarActo;
  hijos: (abierto: boolean) => React.ReactNode;
}) {
  const { t } = useTranslation();
  const faltan = useFaltan(familiar.inscrito ? null : familiar.turno);
  if (faltan <= 0 || !familiar.turno) return <>{hijos(true)}</>;
  return (
    <Stack gap={2} align="flex-end">
      {hijos(false)}
      <Text size="xs" c="orange" data-testid="cuenta-atras-turno">
        {t("actos.cena.turnoAbre", {
          cuenta: duracion(faltan),
          cuando: formatearFechaHora(familiar.turno),
        })}
      </Text>
    </Stack>
  );
}

/** The payment deadline of a pending enrolment, with its countdown. */
export function PlazoPago({ familiar }: { familiar: FamiliarActo }) {
  const { t } = useTranslation();
  const faltan = useFaltan(familiar.plazoPago);
  if (!familiar.plazoPago || familiar.estadoPago !== "pendiente") return null;
  return (
    <Badge color="red" variant="light" data-testid="plazo-pago">
      {t("actos.cena.pagaAntes", {
        cuando: formatearFechaHora(familiar.plazoPago),
        cuenta: duracion(faltan),
      })}
    </Badge>
  );
}

/** «Crear mesa» and joining one by its code, on the phone, for a seated dinner. */
export function MesaSocio({ acto }: { acto: MiActo }) {
  const { t } = useTranslation();
  const { crear, unirse } = useMutacionesMesas(acto.id);
  const [codigo, setCodigo] = useState("");
  const [error, setError] = useState<string | null>(null);
  const yo = acto.familia.find((f) => f.esYo);
  const conPlaza = acto.familia.some((f) => f.estado === "confirmada");
  if (acto.plazasPorMesa === null || !conPlaza) return null;
  const mesa = yo?.mesa ?? acto.familia.find((f) => f.mesa)?.mesa ?? null;

  async function hacer(accion: () => Promise<{ numero: number; codigo: string }>) {
    setError(null);
    try {
      const m = await accion();
      notifications.show({
        color: "green",
        message: t("actos.cena.enMesa", { numero: m.numero, codigo: m.codigo }),
      });
      setCodigo("");
    } catch (e) {
      setError(mensajeDeError(e));
    }
  }

  return (
    <Card withBorder padding="sm" radius="md" data-testid="mesa-socio">
      <Stack gap="xs">
        {mesa ? (
          <Group gap="xs">
            <Text fw={500}>{t("actos.cena.tuMesa", { numero: mesa.numero })}</Text>
            <Badge size="lg" variant="outline" data-testid="codigo-mesa">
              {mesa.codigo}
            </Badge>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t("actos.cena.sinMesa", { plazas: acto.plazasPorMesa })}
          </Text>
        )}
        {error ? (
          <Alert role="alert" color="red" py="xs">
            {error}
          </Alert>
        ) : null}
        <Group gap="xs" align="flex-end" wrap="wrap">
          <Button
            size="compact-md"
            disabled={!acto.abierta}
            loading={crear.isPending}
            onClick={() => void hacer(() => crear.mutateAsync())}
          >
            {t("actos.cena.crearMesa")}
          </Button>
          <TextInput
            aria-label={t("actos.cena.codigo")}
            placeholder={t("actos.cena.codigo")}
            value={codigo}
            maxLength={6}
            w={110}
            onChange={(e) => setCodigo(e.currentTarget.value.toUpperCase())}
          />
          <Button
            size="compact-md"
            variant="light"
            disabled={!acto.abierta || codigo.trim().length !== 6}
            loading={unirse.isPending}
            onClick={() => void hacer(() => unirse.mutateAsync(codigo.trim()))}
          >
            {t("actos.cena.unirse")}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
