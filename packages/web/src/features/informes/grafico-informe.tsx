import "@mantine/charts/styles.css";
import type { GraficoInforme as Grafico } from "@fila/domain";
import { BarChart, LineChart } from "@mantine/charts";
import { Card, Title } from "@mantine/core";
import { useTranslation } from "../../lib/i18n";
import { importe } from "../pagos/pagos-logica";

const COLORES = ["blue.6", "orange.6", "green.7", "grape.6"];

/** A report's chart; the same figures are in the table below it for screen readers. */
export function GraficoInforme({ grafico }: { grafico: Grafico }) {
  const { t } = useTranslation();
  const series = grafico.series.map((s, i) => ({
    name: s.clave,
    label: s.titulo,
    color: COLORES[i % COLORES.length],
  }));
  const formato = (v: number) => (grafico.enEuros ? importe(v) : v.toLocaleString("es-ES"));
  const comun = {
    h: 260,
    data: grafico.datos,
    dataKey: grafico.eje,
    series,
    valueFormatter: formato,
    withLegend: series.length > 1,
    yAxisProps: { width: grafico.enEuros ? 90 : 40 },
  };
  return (
    <Card withBorder radius="md" component="figure" m={0} data-testid="grafico-informe">
      <Title order={2} size="h5" mb="sm" component="figcaption">
        {grafico.titulo}
      </Title>
      <div role="img" aria-label={t("informes.grafico", { titulo: grafico.titulo })}>
        {grafico.tipo === "lineas" ? (
          <LineChart {...comun} curveType="linear" />
        ) : (
          <BarChart {...comun} />
        )}
      </div>
    </Card>
  );
}
