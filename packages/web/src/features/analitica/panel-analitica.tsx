import "@mantine/charts/styles.css";
import {
  formatearFecha,
  formatearNumero,
  mensajeDeError,
  type ResumenAnalitica,
} from "@fila/domain";
import { AreaChart, BarChart, DonutChart } from "@mantine/charts";
import {
  Alert,
  Card,
  Group,
  Progress,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { type ReactNode, useState } from "react";
import { AlVerse } from "../../app/al-verse";
import { useTranslation } from "../../lib/i18n";
import { PERIODOS, type Periodo, useResumenAnalitica } from "./use-resumen-analitica";

/** Height of a 220 px chart with its legend, kept while it is not drawn yet. */
const ALTO_GRAFICO_CON_LEYENDA = 260;

const diaMes = (fecha: string) => formatearFecha(fecha).slice(0, 5);
const COLOR_DISPOSITIVO = { movil: "teal.6", tableta: "yellow.6", ordenador: "blue.6" } as const;

/**
 * How members use the app (first-party analytics): visitors and views per day and week, the
 * most viewed pages, device classes and push alerts delivered against opened. Administrator home.
 */
export function PanelAnalitica() {
  const { t } = useTranslation();
  const [periodo, setPeriodo] = useState<Periodo>("4s");
  const resumen = useResumenAnalitica(periodo);

  return (
    <Stack gap="sm" component="section" aria-labelledby="panel-analitica" mt="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={2} size="h3" id="panel-analitica">
          {t("analitica.titulo")}
        </Title>
        <SegmentedControl
          value={periodo}
          onChange={(v) => setPeriodo(v as Periodo)}
          aria-label={t("analitica.periodo")}
          data={PERIODOS.map((p) => ({ value: p, label: t(`analitica.periodos.${p}`) }))}
        />
      </Group>
      <Text size="sm" c="dimmed">
        {t("analitica.explicacion")}
      </Text>
      {resumen.isError ? (
        <Alert color="red" title={t("analitica.error")}>
          {mensajeDeError(resumen.error)}
        </Alert>
      ) : resumen.data ? (
        <Graficos datos={resumen.data} />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} aria-busy="true">
          {[1, 2].map((n) => (
            <Skeleton key={n} height={240} radius="md" />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

function Tarjeta({ id, titulo, children }: { id: string; titulo: string; children: ReactNode }) {
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-labelledby={id}
      data-testid={id}
    >
      <Title order={3} size="h4" id={id} mb="sm">
        {titulo}
      </Title>
      {children}
    </Card>
  );
}

function Graficos({ datos }: { datos: ResumenAnalitica }) {
  const { t } = useTranslation();
  const sumar = (clave: "visitantes" | "vistas") =>
    datos.porDia.reduce((total, dia) => total + dia[clave], 0);
  const series = [
    { name: "visitantes", label: t("analitica.visitantes"), color: "blue.6" },
    { name: "vistas", label: t("analitica.vistas"), color: "teal.6" },
  ];
  const porDia = datos.porDia.map((d) => ({ ...d, dia: diaMes(d.fecha) }));
  const porSemana = datos.porSemana.map((d) => ({ ...d, semana: diaMes(d.fecha) }));
  const maxVistas = Math.max(1, ...datos.paginas.map((p) => p.vistas));
  const visitantesDispositivo = datos.dispositivos.reduce((n, d) => n + d.visitantes, 0);
  const { entregadas, abiertas } = datos.push;

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing={{ base: "sm", sm: "md" }}>
      <Tarjeta id="analitica-dias" titulo={t("analitica.porDia")}>
        <Text size="sm" mb="sm" data-testid="analitica-totales">
          {t("analitica.totales", {
            visitantes: t("analitica.totalVisitantes", {
              count: sumar("visitantes"),
              n: formatearNumero(sumar("visitantes")),
            }),
            vistas: t("analitica.totalVistas", {
              count: sumar("vistas"),
              n: formatearNumero(sumar("vistas")),
            }),
            desde: formatearFecha(datos.desde),
            hasta: formatearFecha(datos.hasta),
          })}
        </Text>
        <AlVerse alto={ALTO_GRAFICO_CON_LEYENDA}>
          <AreaChart
            h={220}
            data={porDia}
            dataKey="dia"
            series={series}
            curveType="monotone"
            withLegend
            valueFormatter={(v) => formatearNumero(v)}
          />
        </AlVerse>
      </Tarjeta>

      <Tarjeta id="analitica-semanas" titulo={t("analitica.porSemana")}>
        <Text size="sm" c="dimmed" mb="sm">
          {t("analitica.notaSemanas")}
        </Text>
        <AlVerse alto={ALTO_GRAFICO_CON_LEYENDA}>
          <BarChart
            h={220}
            data={porSemana}
            dataKey="semana"
            series={series}
            withLegend
            valueFormatter={(v) => formatearNumero(v)}
          />
        </AlVerse>
      </Tarjeta>

      <Tarjeta id="analitica-paginas" titulo={t("analitica.paginas")}>
        {datos.paginas.length === 0 ? (
          <Text c="dimmed">{t("analitica.sinDatos")}</Text>
        ) : (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("analitica.pagina")}</Table.Th>
                <Table.Th ta="right">{t("analitica.vistas")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {datos.paginas.map((p) => (
                <Table.Tr key={p.ruta}>
                  <Table.Td>
                    <Text size="sm" ff="monospace">
                      {p.ruta}
                    </Text>
                    <Progress
                      value={(p.vistas / maxVistas) * 100}
                      size="xs"
                      aria-label={t("analitica.barraPagina", { ruta: p.ruta, count: p.vistas })}
                    />
                  </Table.Td>
                  <Table.Td ta="right">{formatearNumero(p.vistas)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Tarjeta>

      <Tarjeta id="analitica-dispositivos" titulo={t("analitica.dispositivos")}>
        <Group wrap="nowrap" align="center">
          <AlVerse alto={140}>
            <DonutChart
              size={140}
              thickness={24}
              withTooltip={visitantesDispositivo > 0}
              data={
                visitantesDispositivo > 0
                  ? datos.dispositivos.map((d) => ({
                      name: t(`analitica.dispositivo.${d.dispositivo}`),
                      value: d.visitantes,
                      color: COLOR_DISPOSITIVO[d.dispositivo],
                    }))
                  : [{ name: t("analitica.sinDatos"), value: 1, color: "gray.3" }]
              }
            />
          </AlVerse>
          <Stack gap={4}>
            {datos.dispositivos.map((d) => (
              <Text key={d.dispositivo} size="sm">
                {t(`analitica.dispositivo.${d.dispositivo}`)}:{" "}
                <b>{formatearNumero(d.visitantes)}</b>
              </Text>
            ))}
          </Stack>
        </Group>
      </Tarjeta>

      <Tarjeta id="analitica-push" titulo={t("analitica.push")}>
        <Text size="sm" mb="sm" data-testid="analitica-push-texto">
          {t("analitica.pushTexto", {
            entregadas: formatearNumero(entregadas),
            abiertas: formatearNumero(abiertas),
            porcentaje:
              entregadas > 0 ? formatearNumero(Math.round((abiertas / entregadas) * 100)) : "0",
          })}
        </Text>
        <AlVerse alto={160}>
          <BarChart
            h={160}
            data={[
              { nombre: t("analitica.entregadas"), total: entregadas },
              { nombre: t("analitica.abiertas"), total: abiertas },
            ]}
            dataKey="nombre"
            series={[{ name: "total", label: t("analitica.alertas"), color: "grape.6" }]}
            valueFormatter={(v) => formatearNumero(v)}
          />
        </AlVerse>
      </Tarjeta>

      <Tarjeta id="analitica-eventos" titulo={t("analitica.eventos")}>
        <Stack gap={4}>
          {datos.eventos.map((e) => (
            <Group key={e.nombre} justify="space-between">
              <Text size="sm">{t(`analitica.evento.${e.nombre}`)}</Text>
              <Text size="sm" fw={600}>
                {formatearNumero(e.total)}
              </Text>
            </Group>
          ))}
        </Stack>
      </Tarjeta>
    </SimpleGrid>
  );
}
