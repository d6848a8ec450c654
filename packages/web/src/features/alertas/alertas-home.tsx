import { formatearFecha } from "@fila/domain";
import { Anchor, Badge, Card, Group, Stack, Text, Title } from "@mantine/core";
import { useDeferredValue } from "react";
import { Link } from "react-router";
import { useTranslation } from "../../lib/i18n";
import { useMisAlertas } from "./use-alertas";

const EN_LA_HOME = 3;

/** The homes' card: the person's latest alerts, unread ones marked. Hidden when there is none. */
export function AlertasHome() {
  const { t } = useTranslation();
  const lista = useMisAlertas(1, EN_LA_HOME);
  // Drawn as a transition (in slices) when the answer arrives: a query's answer otherwise
  // re-renders at once, in one piece, and this card is not what the person is waiting for.
  const datos = useDeferredValue(lista.data);
  const items = datos?.items ?? [];
  if (items.length === 0) return null;

  return (
    <Stack gap="sm" component="section" aria-labelledby="home-alertas">
      <Group justify="space-between">
        <Title order={2} size="h3" id="home-alertas">
          {t("alertas.home.ultimas")}
        </Title>
        <Anchor component={Link} to="/alertas" size="sm">
          {t("alertas.home.verTodas")}
        </Anchor>
      </Group>
      <Stack gap="xs">
        {items.map((a) => (
          <Card
            key={a.id}
            withBorder
            radius="md"
            padding="md"
            component={Link}
            to={`/alertas?id=${a.id}`}
          >
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={2} miw={0} style={{ flex: 1 }}>
                <Text fw={a.leida ? 500 : 700}>{a.titulo}</Text>
                <Text size="sm" c="dimmed" lineClamp={2}>
                  {a.mensaje}
                </Text>
              </Stack>
              <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
                <Text size="xs" c="dimmed">
                  {formatearFecha(a.creadaEn)}
                </Text>
                {a.leida ? null : (
                  <Badge size="sm" variant="filled" color="red">
                    {t("alertas.nueva")}
                  </Badge>
                )}
              </Stack>
            </Group>
          </Card>
        ))}
      </Stack>
    </Stack>
  );
}
