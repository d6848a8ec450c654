import type { ContadoresLoteria } from "@fila/domain";
import { Box, Group, Paper, Progress, SimpleGrid, Stack, Text } from "@mantine/core";
import { useTranslation } from "../../lib/i18n";
import { importe } from "../pagos/pagos-logica";
import { type SegmentoBarra, segmentosBarra } from "./loteria-logica";

const COLORES: Record<SegmentoBarra["clave"], string> = {
  vendidas: "green",
  anuladas: "red",
  enManos: "blue",
  disponibles: "gray.3",
};

/** One figure under the bar: what it counts and how many. */
function Cifra({ etiqueta, valor, color }: { etiqueta: string; valor: string; color?: string }) {
  return (
    <Stack gap={0}>
      <Group gap={6} wrap="nowrap">
        {color ? (
          <Box w={10} h={10} bg={color} style={{ borderRadius: 2, flex: "none" }} aria-hidden />
        ) : null}
        <Text size="xs" c="dimmed">
          {etiqueta}
        </Text>
      </Group>
      <Text fw={600}>{valor}</Text>
    </Stack>
  );
}

/**
 * The lottery's counters: a bar over the participations the décimos cover (sold, annulled, in the
 * holders' hands, still available) with the figures under it, and the money.
 */
export function BarraContadores({ contadores: c }: { contadores: ContadoresLoteria }) {
  const { t } = useTranslation();
  const segmentos = segmentosBarra(c);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="loteria-contadores">
      <Stack gap="sm">
        <Text fw={600} id="loteria-contadores">
          {t("loteria.contadores.titulo", { cubiertas: c.cubiertas, decimos: c.decimos })}
        </Text>
        <Progress.Root size={22} aria-hidden>
          {segmentos.map((s) =>
            s.porcentaje > 0 ? (
              <Progress.Section key={s.clave} value={s.porcentaje} color={COLORES[s.clave]}>
                {s.porcentaje >= 8 ? (
                  // White on the light grey of «por emitir» would not read: dark there.
                  <Progress.Label c={s.clave === "disponibles" ? "dark.7" : undefined}>
                    {s.valor}
                  </Progress.Label>
                ) : null}
              </Progress.Section>
            ) : null,
          )}
        </Progress.Root>
        <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="sm" data-testid="contadores-loteria">
          <Cifra etiqueta={t("loteria.contadores.cubiertas")} valor={String(c.cubiertas)} />
          <Cifra etiqueta={t("loteria.contadores.emitidas")} valor={String(c.emitidas)} />
          <Cifra
            etiqueta={t("loteria.contadores.vendidas")}
            valor={String(c.vendidas)}
            color={COLORES.vendidas}
          />
          <Cifra etiqueta={t("loteria.contadores.devueltas")} valor={String(c.devueltas)} />
          <Cifra
            etiqueta={t("loteria.contadores.enManos")}
            valor={String(segmentos.find((s) => s.clave === "enManos")?.valor ?? 0)}
            color={COLORES.enManos}
          />
          <Cifra
            etiqueta={t("loteria.contadores.anuladas")}
            valor={String(c.anuladas)}
            color={COLORES.anuladas}
          />
          <Cifra
            etiqueta={t("loteria.contadores.disponibles")}
            valor={String(c.disponibles)}
            color={COLORES.disponibles}
          />
          <Cifra etiqueta={t("loteria.contadores.digitales")} valor={String(c.digitales)} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="sm">
          <Cifra etiqueta={t("loteria.contadores.liquidado")} valor={importe(c.importeLiquidado)} />
          <Cifra etiqueta={t("loteria.contadores.cobrado")} valor={importe(c.importeCobrado)} />
          <Cifra etiqueta={t("loteria.contadores.pendiente")} valor={importe(c.importePendiente)} />
          <Cifra etiqueta={t("loteria.contadores.donativos")} valor={importe(c.donativos)} />
          {c.premiosTotal > 0 ? (
            <>
              <Cifra etiqueta={t("loteria.contadores.premios")} valor={importe(c.premiosTotal)} />
              <Cifra
                etiqueta={t("loteria.contadores.premiosPagados")}
                valor={importe(c.premiosPagados)}
              />
            </>
          ) : null}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
