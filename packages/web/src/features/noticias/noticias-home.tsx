import { formatearFecha, textoNoticia } from "@fila/domain";
import { Anchor, Badge, Card, Group, Stack, Text, Title } from "@mantine/core";
import { useDeferredValue } from "react";
import { Link } from "react-router";
import { useIdioma, useTranslation } from "../../lib/i18n";
import { useListaNoticias } from "./use-noticias";

/** The homes' card: the latest published news, featured ones first. Hidden when there is none. */
export function NoticiasHome() {
  const { t } = useTranslation();
  const lista = useListaNoticias(
    { publicadas: true, destacadas: true, page: 1, pageSize: 3 },
    true,
  );
  // Drawn as a transition (in slices) when the answer arrives: a query's answer otherwise
  // re-renders at once, in one piece, and this card is not what the person is waiting for.
  const datos = useDeferredValue(lista.data);
  const idioma = useIdioma();
  const items = (datos?.items ?? []).map((n) => ({ ...n, ...textoNoticia(n, idioma) }));
  if (items.length === 0) return null;
  const hayDestacadas = items.some((n) => n.destacada);

  return (
    <Stack gap="sm" component="section" aria-labelledby="home-noticias">
      <Group justify="space-between">
        <Title order={2} size="h3" id="home-noticias">
          {hayDestacadas ? t("noticias.home.destacadas") : t("noticias.home.ultimas")}
        </Title>
        <Anchor component={Link} to="/vernoticias" size="sm">
          {t("noticias.home.verTodas")}
        </Anchor>
      </Group>
      <Stack gap="xs">
        {items.map((n) => (
          <Card
            key={n.id}
            withBorder
            radius="md"
            padding="md"
            component={Link}
            to={`/vernoticias?id=${n.id}`}
          >
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={2} miw={0} style={{ flex: 1 }}>
                <Text fw={600}>{n.titulo}</Text>
                {n.resumen ? (
                  <Text size="sm" c="dimmed" lineClamp={2}>
                    {n.resumen}
                  </Text>
                ) : null}
              </Stack>
              <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
                <Text size="xs" c="dimmed">
                  {formatearFecha(n.fecha)}
                </Text>
                {n.destacada ? (
                  <Badge size="sm" variant="light" color="yellow">
                    {t("noticias.estado.destacada")}
                  </Badge>
                ) : null}
              </Stack>
            </Group>
          </Card>
        ))}
      </Stack>
    </Stack>
  );
}
