import { Anchor, Group, Stack, Text, Title } from "@mantine/core";
import { useDeferredValue } from "react";
import { Link } from "react-router";
import { useTranslation } from "../../lib/i18n";
import clases from "./destacados-home.module.css";
import { TarjetaDestacado } from "./tarjeta-destacado";
import { useDestacados } from "./use-destacados";

/** The homes' strip of featured ads and news, with the way into the market. */
export function DestacadosHome() {
  const { t } = useTranslation();
  // Drawn as a transition (in slices) when the answer arrives: a query's answer otherwise
  // re-renders at once, in one piece, and this card is not what the person is waiting for.
  const items = useDeferredValue(useDestacados(8, true).items);
  return (
    <Stack gap="sm" component="section" aria-labelledby="home-destacado">
      <Group justify="space-between">
        <Title order={2} size="h3" id="home-destacado">
          {t("mercadillo.home.titulo")}
        </Title>
        <Group gap="md">
          <Anchor component={Link} to="/destacado" size="sm">
            {t("mercadillo.home.verTodo")}
          </Anchor>
          <Anchor component={Link} to="/market" size="sm">
            {t("mercadillo.home.irMercadillo")}
          </Anchor>
        </Group>
      </Group>
      {items.length ? (
        // The browser's own sideways scrolling: Mantine's ScrollArea measured it with a
        // ResizeObserver on every change (tens of milliseconds on a phone). Its links are
        // reachable with Tab, and each one scrolls into view when focused.
        <div className={clases.tira}>
          {items.map((item) => (
            <TarjetaDestacado
              key={`${item.tipo}-${item.tipo === "anuncio" ? item.anuncio.id : item.noticia.id}`}
              item={item}
              ancho={180}
            />
          ))}
        </div>
      ) : (
        <Text c="dimmed" size="sm">
          {t("mercadillo.home.vacio")}
        </Text>
      )}
    </Stack>
  );
}
