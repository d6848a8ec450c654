import { type AnuncioVista, aCentimos, formatearImporte, hoyIso } from "@fila/domain";
import { Badge, Card, Group, Stack, Text } from "@mantine/core";
import { useTranslation } from "../../lib/i18n";
import { ImagenApi } from "../../lib/imagen-api";

export function precioDeAnuncio(precio: number, gratis: string): string {
  return precio === 0 ? gratis : formatearImporte(aCentimos(precio));
}

/** A card of the grid: first image (thumbnail), title, price, tags and badges. */
export function TarjetaAnuncio({
  anuncio,
  alAbrir,
  conEstado = false,
}: {
  anuncio: AnuncioVista;
  alAbrir: () => void;
  /** "Mis anuncios": shows whether it is active, sold or expired. */
  conEstado?: boolean;
}) {
  const { t } = useTranslation();
  const portada = anuncio.imagenes[0] ? `${anuncio.imagenes[0]}/miniatura` : null;
  return (
    <Card
      withBorder
      radius="md"
      padding="xs"
      component="button"
      type="button"
      onClick={alAbrir}
      data-testid="tarjeta-anuncio"
      style={{ textAlign: "left", cursor: "pointer" }}
    >
      <Card.Section>
        <ImagenApi ruta={portada} alt="" h={140} fit="cover" />
      </Card.Section>
      <Stack gap={4} mt="xs">
        <Text fw={600} lineClamp={2} size="sm">
          {anuncio.titulo}
        </Text>
        <Text fw={700} c="teal.9">
          {precioDeAnuncio(anuncio.precio, t("mercadillo.gratis"))}
        </Text>
        <Group gap={4}>
          {anuncio.destacado ? (
            <Badge size="xs" color="yellow" variant="filled" c="dark">
              {t("mercadillo.destacado")}
            </Badge>
          ) : null}
          {conEstado ? <EstadoAnuncio anuncio={anuncio} /> : null}
          {anuncio.etiquetas.slice(0, 3).map((e) => (
            <Badge key={e} size="xs" variant="light">
              {e}
            </Badge>
          ))}
        </Group>
      </Stack>
    </Card>
  );
}

export function EstadoAnuncio({ anuncio }: { anuncio: AnuncioVista }) {
  const { t } = useTranslation();
  if (anuncio.activo) {
    return (
      <Badge size="xs" color="green" variant="light">
        {t("mercadillo.activo")}
      </Badge>
    );
  }
  return (
    <Badge size="xs" color="gray" variant="light">
      {anuncio.caduca < hoyIso() ? t("mercadillo.caducado") : t("mercadillo.inactivo")}
    </Badge>
  );
}
