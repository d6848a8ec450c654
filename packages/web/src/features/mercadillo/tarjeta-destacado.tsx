import { formatearFecha } from "@fila/domain";
import { Badge, Card, Group, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import { useTranslation } from "../../lib/i18n";
import { ImagenApi } from "../../lib/imagen-api";
import { PortadaNoticia } from "../noticias/portada-noticia";
import { precioDeAnuncio } from "./tarjeta-anuncio";
import type { Destacado } from "./use-destacados";

/** A featured ad or news item, linking to the ad in the market or to the news item. */
export function TarjetaDestacado({ item, ancho }: { item: Destacado; ancho?: number }) {
  const { t } = useTranslation();
  const enlace =
    item.tipo === "anuncio"
      ? `/market?anuncio=${item.anuncio.id}`
      : `/vernoticias?id=${item.noticia.id}`;
  const titulo = item.tipo === "anuncio" ? item.anuncio.titulo : item.noticia.titulo;
  return (
    <Card
      withBorder
      radius="md"
      padding="xs"
      component={Link}
      to={enlace}
      w={ancho}
      style={{ flexShrink: 0 }}
      data-testid="tarjeta-destacado"
    >
      <Card.Section>
        {item.tipo === "anuncio" ? (
          <ImagenApi
            ruta={item.anuncio.imagenes[0] ? `${item.anuncio.imagenes[0]}/miniatura` : null}
            alt=""
            h={120}
            fit="cover"
          />
        ) : item.noticia.imagen ? (
          <PortadaNoticia imagen={item.noticia.imagen} alt="" h={120} fit="cover" />
        ) : null}
      </Card.Section>
      <Stack gap={4} mt="xs">
        <Group gap={4}>
          <Badge size="xs" variant="light" color={item.tipo === "anuncio" ? "teal" : "blue"}>
            {t(`destacado.${item.tipo}`)}
          </Badge>
          <Text size="xs" c="dimmed">
            {formatearFecha(item.fecha)}
          </Text>
        </Group>
        <Text fw={600} size="sm" lineClamp={2}>
          {titulo}
        </Text>
        {item.tipo === "anuncio" ? (
          <Text fw={700} size="sm" c="teal.9">
            {precioDeAnuncio(item.anuncio.precio, t("mercadillo.gratis"))}
          </Text>
        ) : item.noticia.resumen ? (
          <Text size="xs" c="dimmed" lineClamp={2}>
            {item.noticia.resumen}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}
