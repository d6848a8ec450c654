import { ErrorHttp, formatearFecha, mensajeDeError, type Noticia } from "@fila/domain";
import {
  Alert,
  Anchor,
  Badge,
  Card,
  Center,
  Group,
  Loader,
  Pagination,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { Link, useSearchParams } from "react-router";
import { useTranslation } from "../../lib/i18n";
import { ContenidoNoticia } from "./contenido-noticia";
import { useNoticiaEnMiIdioma } from "./noticia-en-mi-idioma";
import { PortadaNoticia } from "./portada-noticia";
import { useListaNoticias, useNoticia } from "./use-noticias";

const POR_PAGINA = 12;

/** Readers: published news newest first as cards; `?id=` shows one in full. */
export function VerNoticiasPage() {
  const [params, setParams] = useSearchParams();
  const id = Number(params.get("id"));
  if (Number.isInteger(id) && id > 0) return <NoticiaCompleta id={id} />;
  const page = Math.max(1, Number(params.get("page")) || 1);
  return <ListaNoticias page={page} alCambiarPagina={(p) => setParams({ page: String(p) })} />;
}

function ListaNoticias({
  page,
  alCambiarPagina,
}: {
  page: number;
  alCambiarPagina: (page: number) => void;
}) {
  const { t } = useTranslation();
  const lista = useListaNoticias({ publicadas: true, page, pageSize: POR_PAGINA });
  const paginas = Math.ceil((lista.data?.total ?? 0) / POR_PAGINA);

  return (
    <Stack gap="md" maw={1100} mx="auto">
      <Title order={1}>{t("noticias.lectores.titulo")}</Title>
      {lista.isLoading ? (
        <Center mih={200}>
          <Loader aria-label={t("app.cargando")} />
        </Center>
      ) : lista.data?.items.length ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {lista.data.items.map((n) => (
            <TarjetaNoticia key={n.id} noticia={n} />
          ))}
        </SimpleGrid>
      ) : (
        <Text c="dimmed">{t("noticias.lectores.vacio")}</Text>
      )}
      {paginas > 1 ? (
        <Center>
          <Pagination
            total={paginas}
            value={page}
            onChange={alCambiarPagina}
            getControlProps={(control) => ({
              "aria-label": t(`noticias.lectores.paginacion.${control}`),
            })}
          />
        </Center>
      ) : null}
    </Stack>
  );
}

function TarjetaNoticia({ noticia: original }: { noticia: Noticia }) {
  const noticia = useNoticiaEnMiIdioma(original);
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="lg" component={Link} to={`/vernoticias?id=${noticia.id}`}>
      {noticia.imagen ? (
        <Card.Section mb="sm">
          <PortadaNoticia imagen={noticia.imagen} alt="" h={160} fit="cover" />
        </Card.Section>
      ) : null}
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed">
            {formatearFecha(noticia.fecha)}
          </Text>
          {noticia.destacada ? (
            <Badge variant="light" color="yellow">
              {t("noticias.estado.destacada")}
            </Badge>
          ) : null}
        </Group>
        <Title order={2} size="h4">
          {noticia.titulo}
        </Title>
        {noticia.resumen ? (
          <Text size="sm" lineClamp={3}>
            {noticia.resumen}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}

function NoticiaCompleta({ id }: { id: number }) {
  const { t } = useTranslation();
  const noticia = useNoticia(id);
  const volver = (
    <Anchor component={Link} to="/vernoticias">
      <Group gap={4}>
        <IconArrowLeft size={16} aria-hidden />
        {t("noticias.lectores.volver")}
      </Group>
    </Anchor>
  );

  if (noticia.isLoading) {
    return (
      <Center mih={200}>
        <Loader aria-label={t("app.cargando")} />
      </Center>
    );
  }
  if (noticia.error || !noticia.data) {
    const noExiste = noticia.error instanceof ErrorHttp && noticia.error.status === 404;
    return (
      <Stack maw={800} mx="auto">
        {volver}
        <Alert
          role="alert"
          color={noExiste ? "yellow" : "red"}
          title={t("noticias.lectores.noDisponible")}
        >
          {noExiste ? t("noticias.lectores.noExiste") : mensajeDeError(noticia.error)}
        </Alert>
      </Stack>
    );
  }
  return <Completa n={noticia.data} volver={volver} />;
}

function Completa({ n: original, volver }: { n: Noticia; volver: React.ReactNode }) {
  const n = useNoticiaEnMiIdioma(original);
  return (
    <Stack component="article" gap="md" maw={800} mx="auto">
      {volver}
      <Stack gap={4}>
        <Title order={1}>{n.titulo}</Title>
        <Text c="dimmed" size="sm">
          {formatearFecha(n.fecha)}
        </Text>
      </Stack>
      <PortadaNoticia imagen={n.imagen} alt={n.titulo} radius="md" mah={420} fit="cover" />
      {n.resumen ? (
        <Text size="lg" fw={500}>
          {n.resumen}
        </Text>
      ) : null}
      <ContenidoNoticia html={n.contenido} />
    </Stack>
  );
}
