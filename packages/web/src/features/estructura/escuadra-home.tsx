import type { MiEscuadra } from "@fila/domain";
import { Card, Group, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useSesion } from "../../app/session-store";
import { api } from "../../lib/api";
import { useTranslation } from "../../lib/i18n";

// Loaded lazily by the usuario's and socio's homes, inside their deferred part: the homes' first
// paint neither waits for this code nor for its request. Only types from @fila/domain: no zod.

/** On the member homes: my escuadra this year and its cabo (and those of whom I pay for). */
export function EscuadraHome() {
  const { usuario } = useSesion();
  // An administrator on the member home ("Cambiar a Fester") sees the escuadras in Festeros.
  if (usuario.rol === "administrador") return null;
  return <EscuadraCard />;
}

function EscuadraCard() {
  const { t } = useTranslation();
  const mia = useQuery({
    queryKey: ["estructura", "mia"],
    queryFn: ({ signal }) => api.get<MiEscuadra>("/escuadras/mia", signal),
    staleTime: 60_000,
    retry: false,
  });
  const items = mia.data?.items ?? [];
  if (items.length === 0) return null;
  const varios = items.length > 1;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="home-escuadra">
      <Title order={2} size="h4" id="home-escuadra" mb="sm">
        {t("estructura.miEscuadra", { anyo: mia.data?.anyo ?? "" })}
      </Title>
      <Stack gap="xs">
        {items.map((e) => (
          <Stack key={e.idSocio} gap={0}>
            <Group gap="xs">
              {varios ? (
                <Text size="sm" c="dimmed">
                  {e.nombreSocio}:
                </Text>
              ) : null}
              <Text fw={600}>{e.escuadra}</Text>
            </Group>
            <Text size="sm">
              {e.esCabo
                ? t("estructura.eresCabo")
                : t("estructura.caboDe", { nombre: e.cabo ?? t("estructura.sinCabo") })}
            </Text>
            {e.traje || e.banda ? (
              <Text size="xs" c="dimmed">
                {[e.traje, e.banda].filter(Boolean).join(" · ")}
              </Text>
            ) : null}
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}
