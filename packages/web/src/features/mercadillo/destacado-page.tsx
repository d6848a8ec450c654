import { Button, Center, Loader, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { useTranslation } from "../../lib/i18n";
import { TarjetaDestacado } from "./tarjeta-destacado";
import { useDestacados } from "./use-destacados";

const CUANTOS = 48;

/** Featured ads and featured news together, newest first. */
export function DestacadoPage() {
  const { t } = useTranslation();
  const { items, cargando } = useDestacados(CUANTOS);
  return (
    <Stack gap="md" maw={1100} mx="auto">
      <Title order={1}>{t("destacado.titulo")}</Title>
      <Text c="dimmed">{t("destacado.intro")}</Text>
      {cargando ? (
        <Center mih={200}>
          <Loader aria-label={t("app.cargando")} />
        </Center>
      ) : items.length ? (
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="sm">
          {items.map((item) => (
            <TarjetaDestacado
              key={`${item.tipo}-${item.tipo === "anuncio" ? item.anuncio.id : item.noticia.id}`}
              item={item}
            />
          ))}
        </SimpleGrid>
      ) : (
        <Text c="dimmed">{t("destacado.vacio")}</Text>
      )}
      <Button component={Link} to="/market" variant="light" w="fit-content">
        {t("mercadillo.home.irMercadillo")}
      </Button>
    </Stack>
  );
}
