import { GRUPOS_INFORME, type InformeCatalogo, mensajeDeError } from "@fila/domain";
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconArrowLeft, IconDownload } from "@tabler/icons-react";
import { lazy, Suspense, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { descargarDeApi } from "../../lib/descargar";
import { useTranslation } from "../../lib/i18n";
import { FiltrosInforme } from "./filtros-informe";
import { TablaInforme } from "./tabla-informe";
import { useCatalogoInformes, useInforme } from "./use-informes";

// The charts library is large: it loads only when a report with a chart is shown.
const GraficoInforme = lazy(() =>
  import("./grafico-informe").then((m) => ({ default: m.GraficoInforme })),
);

const FORMATOS = ["xlsx", "csv", "pdf"] as const;
type Formato = (typeof FORMATOS)[number];
const TEXTO_FORMATO: Record<Formato, string> = { xlsx: "excel", csv: "csv", pdf: "pdf" };

/** `#/informes`: the reports grouped, or one report (`?id=deudas&…filters`). */
export function InformesPage() {
  const { t } = useTranslation();
  const catalogo = useCatalogoInformes();
  const [params] = useSearchParams();
  const id = params.get("id");
  const entrada = catalogo.data?.find((c) => c.id === id);

  return (
    <Stack gap="md" maw={1400} mx="auto">
      {catalogo.isError ? (
        <Alert color="red" title={t("informes.errorCatalogo")}>
          {mensajeDeError(catalogo.error)}
        </Alert>
      ) : !catalogo.data ? (
        <Skeleton height={240} radius="md" aria-busy="true" />
      ) : entrada ? (
        <VistaInforme entrada={entrada} />
      ) : (
        <Catalogo informes={catalogo.data} />
      )}
    </Stack>
  );
}

function Catalogo({ informes }: { informes: InformeCatalogo[] }) {
  const { t } = useTranslation();
  return (
    <>
      <Title order={1} fz={{ base: 26, sm: 32 }}>
        {t("informes.titulo")}
      </Title>
      <Text c="dimmed">{t("informes.intro")}</Text>
      {GRUPOS_INFORME.map((grupo) => (
        <Stack key={grupo} gap="xs" component="section" aria-labelledby={`grupo-${grupo}`}>
          <Title order={2} size="h3" id={`grupo-${grupo}`}>
            {grupo}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
            {informes
              .filter((i) => i.grupo === grupo)
              .map((i) => (
                <Card key={i.id} withBorder radius="md" padding="md">
                  <Anchor
                    component={Link}
                    to={`/informes?id=${i.id}`}
                    fw={600}
                    aria-label={t("informes.abrir", { titulo: i.titulo })}
                  >
                    {i.titulo}
                  </Anchor>
                  <Text size="sm" c="dimmed" mt={4}>
                    {i.descripcion}
                  </Text>
                </Card>
              ))}
          </SimpleGrid>
        </Stack>
      ))}
    </>
  );
}

function VistaInforme({ entrada }: { entrada: InformeCatalogo }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const consulta = new URLSearchParams(params);
  consulta.delete("id");
  const informe = useInforme(entrada.id, consulta);
  const [exportando, setExportando] = useState<Formato[]>([]);

  function cambiar(cambio: Record<string, string>) {
    const siguiente = new URLSearchParams(params);
    for (const [clave, valor] of Object.entries(cambio)) {
      if (valor === "") siguiente.delete(clave);
      else siguiente.set(clave, valor);
    }
    // A new filter starts again at page 1.
    if (!("page" in cambio)) siguiente.delete("page");
    setParams(siguiente, { replace: true });
  }

  // Each download runs on its own: the page (and the other buttons) stay usable meanwhile.
  async function exportar(formato: Formato) {
    setExportando((lista) => [...lista, formato]);
    try {
      const fichero = new URLSearchParams(consulta);
      fichero.delete("page");
      fichero.delete("pageSize");
      fichero.set("formato", formato);
      await descargarDeApi(
        `/informes/${entrada.id}?${fichero.toString()}`,
        `informe-${entrada.id}.${formato}`,
      );
    } catch (error) {
      notifications.show({
        color: "red",
        title: t("informes.errorExportar"),
        message: mensajeDeError(error),
      });
    } finally {
      setExportando((lista) => lista.filter((f) => f !== formato));
    }
  }

  return (
    <>
      <Anchor component={Link} to="/informes" size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden />
          {t("informes.volver")}
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2}>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {entrada.titulo}
          </Title>
          <Text c="dimmed" size="sm">
            {entrada.descripcion}
          </Text>
        </Stack>
        <Group gap="xs" role="group" aria-label={t("informes.exportar")}>
          {FORMATOS.map((formato) => {
            const enCurso = exportando.includes(formato);
            return (
              <Button
                key={formato}
                variant="default"
                leftSection={<IconDownload size={16} aria-hidden />}
                loading={enCurso}
                loaderProps={{ type: "dots" }}
                aria-label={
                  enCurso
                    ? t("informes.generando", { formato: t(`informes.${TEXTO_FORMATO[formato]}`) })
                    : undefined
                }
                onClick={() => void exportar(formato)}
              >
                {t(`informes.${TEXTO_FORMATO[formato]}`)}
              </Button>
            );
          })}
        </Group>
      </Group>
      <FiltrosInforme filtros={entrada.filtros} valores={params} alCambiar={cambiar} />
      {informe.isError ? (
        <Alert color="red" title={t("informes.error")}>
          {mensajeDeError(informe.error)}
        </Alert>
      ) : !informe.data ? (
        <Skeleton height={300} radius="md" aria-busy="true" />
      ) : (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {t("informes.filas", { count: informe.data.total })}
          </Text>
          {informe.data.grafico ? (
            <Suspense fallback={<Skeleton height={300} radius="md" />}>
              <GraficoInforme grafico={informe.data.grafico} />
            </Suspense>
          ) : null}
          <TablaInforme
            informe={informe.data}
            cargando={informe.isFetching}
            alPaginar={(cambio) =>
              cambiar(Object.fromEntries(Object.entries(cambio).map(([k, v]) => [k, String(v)])))
            }
          />
        </>
      )}
    </>
  );
}
