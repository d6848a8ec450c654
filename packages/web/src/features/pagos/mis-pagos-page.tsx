import { formatearFecha, mensajeDeError } from "@fila/domain";
import { Alert, Button, Center, Group, Loader, Paper, Stack, Text, Title } from "@mantine/core";
import { IconFileTypePdf } from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "../../lib/i18n";
import { MisTalonarios } from "../loteria/mis-talonarios";
import { descargarRecibo } from "./acciones-pago";
import { EstadoBadge } from "./estado-badge";
import { BotonPagarAhora } from "./pago-online";
import { importe, nombrePersona, ordenarMisPagos } from "./pagos-logica";
import type { PagoApi } from "./tipos";
import { useMiHistorialDePagos, useMisPagosPendientes } from "./use-pagos";

/**
 * `#/mispagos` (usuario, socio): my charges and those I pay for. What I owe comes whole and
 * first; the paid and cancelled ones after it, the latest first, a page at a time («Ver más»).
 */
export function MisPagosPage() {
  const { t } = useTranslation();
  const pendientes = useMisPagosPendientes();
  const historial = useMiHistorialDePagos();

  if (pendientes.isLoading || historial.isLoading) {
    return (
      <Center mih="40dvh">
        <Loader aria-label={t("app.cargando")} />
      </Center>
    );
  }
  const error = pendientes.error ?? historial.error;
  if (error) {
    return (
      <Alert role="alert" color="red" title={t("misPagos.errorCarga")} maw={720} mx="auto">
        {mensajeDeError(error)}
      </Alert>
    );
  }

  const debidos = ordenarMisPagos(pendientes.data?.items ?? []);
  const paginas = historial.data?.pages ?? [];
  const cerrados = paginas.flatMap((p) => p.items);
  const totalCerrados = paginas[0]?.total ?? 0;

  return (
    <Stack gap="lg" maw={900} mx="auto">
      <Title order={1} fz={{ base: 26, sm: 32 }}>
        {t("misPagos.titulo")}
      </Title>
      <Paper
        withBorder
        radius="md"
        p="md"
        bg={debidos.length > 0 ? "var(--mantine-color-yellow-light)" : undefined}
      >
        <Text fz={{ base: 22, sm: 26 }} fw={700} data-testid="total-pendiente">
          {t("misPagos.totalPendiente", { importe: importe(pendientes.data?.totalPendiente) })}
        </Text>
        <Text size="sm" c="dimmed">
          {debidos.length > 0
            ? t("misPagos.cargosPendientes", { count: pendientes.data?.total ?? debidos.length })
            : t("misPagos.alDia")}
        </Text>
        <Group mt="sm">
          <BotonPagarAhora pendientes={debidos} />
        </Group>
      </Paper>

      <MisTalonarios pagos={[...debidos, ...cerrados]} />

      {debidos.length === 0 && totalCerrados === 0 ? (
        <Text c="dimmed">{t("misPagos.sinCargos")}</Text>
      ) : null}
      {debidos.length > 0 ? (
        <ListaCargos titulo={t("misPagos.pendientes")} pagos={debidos} id="mis-pendientes" />
      ) : null}
      {cerrados.length > 0 ? (
        <ListaCargos titulo={t("misPagos.historial")} pagos={cerrados} id="mis-historial">
          {historial.hasNextPage ? (
            <Group justify="space-between" align="center">
              <Text size="sm" c="dimmed" data-testid="historial-cuenta">
                {t("misPagos.historialCuenta", { vistos: cerrados.length, total: totalCerrados })}
              </Text>
              <Button
                variant="light"
                loading={historial.isFetchingNextPage}
                onClick={() => void historial.fetchNextPage()}
              >
                {t("misPagos.verMas")}
              </Button>
            </Group>
          ) : null}
        </ListaCargos>
      ) : null}
    </Stack>
  );
}

function ListaCargos({
  titulo,
  pagos,
  id,
  children,
}: {
  titulo: string;
  pagos: PagoApi[];
  id: string;
  children?: ReactNode;
}) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Title order={2} size="h3" id={id}>
        {titulo}
      </Title>
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
        {pagos.map((p) => (
          <TarjetaCargo key={p.id} pago={p} />
        ))}
      </Stack>
      {children}
    </Stack>
  );
}

/** One charge as a card: readable on a phone, a row on a wide screen. */
function TarjetaCargo({ pago }: { pago: PagoApi }) {
  const { t } = useTranslation();
  const [descargando, setDescargando] = useState(false);
  const socio = nombrePersona(pago.socio);
  return (
    <Paper component="li" withBorder radius="md" p="sm" aria-label={`${pago.concepto} · ${socio}`}>
      <Stack gap={4}>
        <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
          <Text fw={600}>{pago.concepto}</Text>
          <Text fw={700} fz="lg" style={{ whiteSpace: "nowrap" }} data-testid="importe">
            {importe(pago.importe)}
          </Text>
        </Group>
        <Text size="sm">{t("misPagos.para", { nombre: socio })}</Text>
        <Group justify="space-between" align="center" gap="xs">
          <Group gap="xs">
            <EstadoBadge estado={pago.estado} />
            <Text size="sm" c="dimmed">
              {pago.estado === "pagado" && pago.fechaPago
                ? t("misPagos.pagadoEl", { fecha: formatearFecha(pago.fechaPago) })
                : t("misPagos.vence", { fecha: formatearFecha(pago.fechaVencimiento) })}
            </Text>
          </Group>
          {pago.estado === "pagado" ? (
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconFileTypePdf size={16} aria-hidden />}
              loading={descargando}
              aria-label={t("misPagos.descargarReciboDe", { concepto: pago.concepto, socio })}
              onClick={async () => {
                setDescargando(true);
                await descargarRecibo(pago);
                setDescargando(false);
              }}
            >
              {t("misPagos.descargarRecibo")}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}
