import { Paper, SimpleGrid, Text } from "@mantine/core";
import { useTranslation } from "../../lib/i18n";
import { importe } from "./pagos-logica";
import type { PaginaPagos } from "./tipos";

/** The totals of the whole filtered set (not only the page shown). */
export function Totales({ datos }: { datos: PaginaPagos | undefined }) {
  const { t } = useTranslation();
  if (!datos) return null;
  const cifras = [
    { clave: "cargos", titulo: t("pagos.totales.cargos"), valor: String(datos.total) },
    { clave: "importe", titulo: t("pagos.totales.importe"), valor: importe(datos.totalImporte) },
    {
      clave: "pendiente",
      titulo: t("pagos.totales.pendiente"),
      valor: importe(datos.totalPendiente),
    },
    { clave: "pagado", titulo: t("pagos.totales.pagado"), valor: importe(datos.totalPagado) },
  ];
  return (
    <SimpleGrid
      cols={{ base: 2, sm: 4 }}
      spacing="sm"
      component="section"
      aria-label={t("pagos.totales.titulo")}
    >
      {cifras.map((c) => (
        <Paper key={c.clave} withBorder radius="md" p="sm">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {c.titulo}
          </Text>
          <Text fz="lg" fw={700} data-testid={`total-${c.clave}`}>
            {c.valor}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
