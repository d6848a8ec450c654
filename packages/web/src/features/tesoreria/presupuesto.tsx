import "@mantine/charts/styles.css";
import {
  aCentimos,
  formatearImporte,
  mensajeDeError,
  type TipoCategoriaTesoreria,
} from "@fila/domain";
import { BarChart } from "@mantine/charts";
import {
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  NumberInput,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { IconDeviceFloppy } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { IDIOMAS_WEB, useIdioma, useTranslation } from "../../lib/i18n";
import { AvisoError } from "../loteria/aviso-error";
import { avisarHecho } from "./avisos";
import { SelectorAnyo } from "./selector-anyo";
import {
  anyoDeUrl,
  centimosDe,
  cuerpoPresupuesto,
  datosGraficoPresupuesto,
  datosMensuales,
  desviacionFavorable,
  type FilaPresupuesto,
  type ImporteForm,
  nombreCategoria,
} from "./tesoreria-logica";
import { useMutacionesTesoreria, usePresupuesto } from "./use-tesoreria";

const euros = (v: number) => formatearImporte(aCentimos(v));

/**
 * The budget the assembly approved, per category, against what happened: the table (the budget
 * editable while the year is open) with the deviation, and the charts.
 */
export function PresupuestoSeccion() {
  const { t } = useTranslation();
  const idioma = useIdioma();
  const [params] = useSearchParams();
  const anyo = anyoDeUrl(params);
  const presupuesto = usePresupuesto(anyo);
  const { guardarPresupuesto } = useMutacionesTesoreria();
  const [importes, setImportes] = useState<Record<number, ImporteForm>>({});
  const [error, setError] = useState<unknown>(null);
  const [grafico, setGrafico] = useState<TipoCategoriaTesoreria>("gasto");

  useEffect(() => {
    if (!presupuesto.data) return;
    setImportes(
      Object.fromEntries(presupuesto.data.lineas.map((l) => [l.idCategoria, l.presupuesto])),
    );
  }, [presupuesto.data]);

  if (presupuesto.isPending) {
    return (
      <Center mih={200}>
        <Loader aria-label={t("app.cargando")} />
      </Center>
    );
  }
  if (presupuesto.isError) {
    return (
      <Stack>
        <SelectorAnyo />
        <Alert role="alert" color="red" title={t("tesoreria.presupuesto.errorCarga")}>
          {mensajeDeError(presupuesto.error)}
        </Alert>
      </Stack>
    );
  }
  const p = presupuesto.data;
  const cambiado = p.lineas.some(
    (l) => centimosDe(importes[l.idCategoria] ?? "") !== aCentimos(l.presupuesto),
  );

  async function guardar() {
    setError(null);
    try {
      await guardarPresupuesto.mutateAsync({ anyo, ...cuerpoPresupuesto(importes) });
      avisarHecho(t("tesoreria.presupuesto.guardado", { anyo }));
    } catch (e) {
      setError(e);
    }
  }

  const meses = Array.from({ length: 12 }, (_, i) =>
    new Date(2000, i, 1).toLocaleDateString(IDIOMAS_WEB[idioma].locale, { month: "short" }),
  );

  const tabla = (tipo: TipoCategoriaTesoreria, lineas: FilaPresupuesto[]) => {
    const totales = tipo === "ingreso" ? p.ingresos : p.gastos;
    const titulo = t(tipo === "ingreso" ? "tesoreria.tipos.ingresos" : "tesoreria.tipos.gastos");
    return (
      <Table.ScrollContainer minWidth={560} scrollAreaProps={{ viewportProps: { tabIndex: 0 } }}>
        <Table
          striped
          withTableBorder
          aria-label={t("tesoreria.presupuesto.tabla", { tipo: titulo })}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{titulo}</Table.Th>
              <Table.Th ta="right">{t("tesoreria.presupuesto.presupuesto")}</Table.Th>
              <Table.Th ta="right">{t("tesoreria.presupuesto.real")}</Table.Th>
              <Table.Th ta="right">{t("tesoreria.presupuesto.desviacion")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lineas.map((l) => {
              const favorable = desviacionFavorable(tipo, l.desviacion);
              return (
                <Table.Tr key={l.idCategoria}>
                  <Table.Td>
                    {nombreCategoria({ nombre: l.categoria, codigoPgc: l.codigoPgc })}
                  </Table.Td>
                  <Table.Td ta="right">
                    {p.cerrado ? (
                      euros(l.presupuesto)
                    ) : (
                      <NumberInput
                        aria-label={t("tesoreria.presupuesto.de", { categoria: l.categoria })}
                        size="xs"
                        w={120}
                        ml="auto"
                        min={0}
                        decimalScale={2}
                        decimalSeparator=","
                        thousandSeparator="."
                        suffix=" €"
                        hideControls
                        value={importes[l.idCategoria] ?? ""}
                        onChange={(v) =>
                          setImportes((previos) => ({
                            ...previos,
                            [l.idCategoria]: v,
                          }))
                        }
                      />
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{euros(l.real)}</Table.Td>
                  <Table.Td
                    ta="right"
                    c={favorable === null ? undefined : favorable ? "teal.9" : "red.9"}
                  >
                    {euros(l.desviacion)}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr fw={700}>
              <Table.Td>{t("tesoreria.presupuesto.total")}</Table.Td>
              <Table.Td ta="right">{euros(totales.presupuesto)}</Table.Td>
              <Table.Td ta="right">{euros(totales.real)}</Table.Td>
              <Table.Td ta="right">{euros(totales.desviacion)}</Table.Td>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
    );
  };

  const datosGrafico = datosGraficoPresupuesto(p.lineas, grafico);
  const resultadoPresupuesto = aCentimos(p.ingresos.presupuesto) - aCentimos(p.gastos.presupuesto);
  const resultadoReal = aCentimos(p.ingresos.real) - aCentimos(p.gastos.real);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <SelectorAnyo />
        <Group gap="xs">
          {p.cerrado ? <Badge color="gray">{t("tesoreria.anyoCerrado")}</Badge> : null}
          {!p.cerrado ? (
            <Button
              leftSection={<IconDeviceFloppy size={16} aria-hidden />}
              onClick={() => void guardar()}
              loading={guardarPresupuesto.isPending}
              disabled={!cambiado}
            >
              {t("tesoreria.presupuesto.guardar")}
            </Button>
          ) : null}
        </Group>
      </Group>
      <AvisoError error={error} titulo={t("tesoreria.presupuesto.errorGuardar")} />
      <Text size="sm" data-testid="resultado-presupuesto">
        {t("tesoreria.presupuesto.resultado", {
          presupuesto: formatearImporte(resultadoPresupuesto),
          real: formatearImporte(resultadoReal),
        })}
      </Text>
      {tabla(
        "ingreso",
        p.lineas.filter((l) => l.tipo === "ingreso"),
      )}
      {tabla(
        "gasto",
        p.lineas.filter((l) => l.tipo === "gasto"),
      )}

      <Card withBorder radius="md" component="figure" m={0}>
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h5" component="figcaption">
            {t("tesoreria.presupuesto.grafico")}
          </Title>
          <SegmentedControl
            size="xs"
            aria-label={t("tesoreria.presupuesto.graficoTipo")}
            data={[
              { value: "gasto", label: t("tesoreria.tipos.gastos") },
              { value: "ingreso", label: t("tesoreria.tipos.ingresos") },
            ]}
            value={grafico}
            onChange={(v) => setGrafico(v as TipoCategoriaTesoreria)}
          />
        </Group>
        {datosGrafico.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t("tesoreria.presupuesto.sinDatos")}
          </Text>
        ) : (
          <div role="img" aria-label={t("tesoreria.presupuesto.graficoAria")}>
            <BarChart
              h={Math.max(200, datosGrafico.length * 36)}
              data={datosGrafico}
              dataKey="categoria"
              orientation="vertical"
              yAxisProps={{ width: 110 }}
              series={[
                {
                  name: "presupuesto",
                  label: t("tesoreria.presupuesto.presupuesto"),
                  color: "gray.5",
                },
                { name: "real", label: t("tesoreria.presupuesto.real"), color: "blue.6" },
              ]}
              valueFormatter={euros}
              withLegend
            />
          </div>
        )}
      </Card>
      <Card withBorder radius="md" component="figure" m={0}>
        <Title order={2} size="h5" component="figcaption" mb="sm">
          {t("tesoreria.presupuesto.graficoMeses")}
        </Title>
        <div role="img" aria-label={t("tesoreria.presupuesto.graficoMesesAria")}>
          <BarChart
            h={240}
            data={datosMensuales(p.lineas, meses)}
            dataKey="mes"
            series={[
              { name: "ingresos", label: t("tesoreria.tipos.ingresos"), color: "green.6" },
              { name: "gastos", label: t("tesoreria.tipos.gastos"), color: "red.6" },
            ]}
            valueFormatter={euros}
            yAxisProps={{ width: 80 }}
            withLegend
          />
        </div>
      </Card>
    </Stack>
  );
}
