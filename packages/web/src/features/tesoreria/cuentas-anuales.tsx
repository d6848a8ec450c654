import { aCentimos, formatearFechaHora, formatearImporte, mensajeDeError } from "@fila/domain";
import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { IconDownload, IconLock, IconLockOpen } from "@tabler/icons-react";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { descargarDeApi } from "../../lib/descargar";
import { useTranslation } from "../../lib/i18n";
import { notificarError } from "../../lib/notificar";
import { AvisoError } from "../loteria/aviso-error";
import { avisarHecho } from "./avisos";
import { SelectorAnyo } from "./selector-anyo";
import { anyoDeUrl, nombreCategoria } from "./tesoreria-logica";
import { useCierres, useCuentasAnuales, useMutacionesTesoreria } from "./use-tesoreria";

const euros = (v: number) => formatearImporte(aCentimos(v));
const FORMATOS = ["pdf", "xlsx", "csv"] as const;

/**
 * The year's accounts for the assembly: the income and expenditure account by the PGC ESFL's
 * headings, the balances at the start and the end, what members still owe, the downloads, and
 * closing (or reopening) the year.
 */
export function CuentasAnualesSeccion() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const anyo = anyoDeUrl(params);
  const cuentas = useCuentasAnuales(anyo);
  const cierres = useCierres();
  const { cerrar, reabrir } = useMutacionesTesoreria();
  const [confirmar, setConfirmar] = useState<"cerrar" | "reabrir" | null>(null);
  const [error, setError] = useState<unknown>(null);

  async function descargar(formato: (typeof FORMATOS)[number]) {
    try {
      await descargarDeApi(
        `/tesoreria/cuentas-anuales?anyo=${anyo}&formato=${formato}`,
        `cuentas-anuales-${anyo}.${formato}`,
      );
    } catch (e) {
      notificarError(e, t("tesoreria.errorExportar"));
    }
  }

  async function confirmarCierre() {
    setError(null);
    try {
      if (confirmar === "cerrar") await cerrar.mutateAsync(anyo);
      else await reabrir.mutateAsync(anyo);
      avisarHecho(
        t(confirmar === "cerrar" ? "tesoreria.cierre.cerrado" : "tesoreria.cierre.reabierto", {
          anyo,
        }),
      );
      setConfirmar(null);
    } catch (e) {
      setError(e);
    }
  }

  const c = cuentas.data;
  const cierre = cierres.data?.find((x) => x.anyo === anyo);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <SelectorAnyo />
        <Group gap="xs">
          {FORMATOS.map((f) => (
            <Button
              key={f}
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              onClick={() => void descargar(f)}
            >
              {t(`tesoreria.cuentasAnuales.descargar.${f}`)}
            </Button>
          ))}
        </Group>
      </Group>

      {cuentas.isPending ? (
        <Center mih={200}>
          <Loader aria-label={t("app.cargando")} />
        </Center>
      ) : null}
      {cuentas.isError ? (
        <Alert role="alert" color="red" title={t("tesoreria.cuentasAnuales.errorCarga")}>
          {mensajeDeError(cuentas.error)}
        </Alert>
      ) : null}

      {c ? (
        <>
          <Paper withBorder radius="md" p="md">
            <Group justify="space-between" gap="sm">
              <Stack gap={2}>
                <Title order={2} size="h4">
                  {t("tesoreria.cuentasAnuales.titulo", { anyo })}
                </Title>
                {cierre ? (
                  <Text size="sm" c="dimmed">
                    {t("tesoreria.cierre.cerradoEn", {
                      fecha: formatearFechaHora(cierre.cerradoEn),
                    })}
                  </Text>
                ) : null}
              </Stack>
              {c.cerrado ? (
                <Group gap="xs">
                  <Badge color="gray" leftSection={<IconLock size={12} aria-hidden />}>
                    {t("tesoreria.anyoCerrado")}
                  </Badge>
                  <Button
                    variant="subtle"
                    color="orange"
                    leftSection={<IconLockOpen size={16} aria-hidden />}
                    onClick={() => setConfirmar("reabrir")}
                  >
                    {t("tesoreria.cierre.reabrir")}
                  </Button>
                </Group>
              ) : (
                <Button
                  variant="light"
                  leftSection={<IconLock size={16} aria-hidden />}
                  onClick={() => setConfirmar("cerrar")}
                >
                  {t("tesoreria.cierre.cerrar", { anyo })}
                </Button>
              )}
            </Group>
          </Paper>

          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs" data-testid="resumen-cuentas-anuales">
            <Cifra titulo={t("tesoreria.cuentasAnuales.ingresos")} valor={euros(c.totalIngresos)} />
            <Cifra titulo={t("tesoreria.cuentasAnuales.gastos")} valor={euros(c.totalGastos)} />
            <Cifra titulo={t("tesoreria.cuentasAnuales.resultado")} valor={euros(c.resultado)} />
          </SimpleGrid>

          <Table.ScrollContainer
            minWidth={420}
            scrollAreaProps={{ viewportProps: { tabIndex: 0 } }}
          >
            <Table withTableBorder aria-label={t("tesoreria.cuentasAnuales.partidas")}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("tesoreria.cuentasAnuales.partida")}</Table.Th>
                  <Table.Th ta="right">{t("tesoreria.campos.importe")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {c.partidas.flatMap((p) => [
                  <Table.Tr key={p.clave} fw={600}>
                    <Table.Td>{`${p.clave}. ${p.texto}`}</Table.Td>
                    <Table.Td ta="right">{euros(p.importe)}</Table.Td>
                  </Table.Tr>,
                  ...p.categorias.map((cat) => (
                    <Table.Tr key={`${p.clave}-${cat.idCategoria}`}>
                      <Table.Td pl="xl">
                        {nombreCategoria({ nombre: cat.categoria, codigoPgc: cat.codigoPgc })}
                      </Table.Td>
                      <Table.Td ta="right">{euros(cat.importe)}</Table.Td>
                    </Table.Tr>
                  )),
                ])}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr fw={700}>
                  <Table.Td>{t("tesoreria.cuentasAnuales.resultado")}</Table.Td>
                  <Table.Td ta="right">{euros(c.resultado)}</Table.Td>
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </Table.ScrollContainer>

          <Table.ScrollContainer
            minWidth={420}
            scrollAreaProps={{ viewportProps: { tabIndex: 0 } }}
          >
            <Table withTableBorder aria-label={t("tesoreria.cuentasAnuales.saldos")}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("tesoreria.campos.cuenta")}</Table.Th>
                  <Table.Th ta="right">{t("tesoreria.cuentasAnuales.saldoInicio")}</Table.Th>
                  <Table.Th ta="right">{t("tesoreria.cuentasAnuales.saldoFin")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {c.cuentas.map((cu) => (
                  <Table.Tr key={cu.idCuenta}>
                    <Table.Td>{cu.cuenta}</Table.Td>
                    <Table.Td ta="right">{euros(cu.saldoInicio)}</Table.Td>
                    <Table.Td ta="right">{euros(cu.saldoFin)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr fw={700}>
                  <Table.Td>{t("tesoreria.libro.total")}</Table.Td>
                  <Table.Td ta="right">{euros(c.saldoInicio)}</Table.Td>
                  <Table.Td ta="right">{euros(c.saldoFin)}</Table.Td>
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </Table.ScrollContainer>

          <Text size="sm" data-testid="pendiente-cobro">
            {t("tesoreria.cuentasAnuales.pendiente", {
              importe: euros(c.pendienteCobro.importe),
              count: c.pendienteCobro.numCargos,
            })}
          </Text>
        </>
      ) : null}

      <Modal
        opened={confirmar !== null}
        onClose={() => setConfirmar(null)}
        title={t(
          confirmar === "reabrir"
            ? "tesoreria.cierre.tituloReabrir"
            : "tesoreria.cierre.tituloCerrar",
          { anyo },
        )}
      >
        <Stack gap="sm">
          <Text size="sm">
            {t(
              confirmar === "reabrir"
                ? "tesoreria.cierre.explicacionReabrir"
                : "tesoreria.cierre.explicacionCerrar",
              { anyo },
            )}
          </Text>
          <AvisoError error={error} titulo={t("tesoreria.cierre.error")} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmar(null)}>
              {t("comun.cancelar")}
            </Button>
            <Button
              color={confirmar === "reabrir" ? "orange" : undefined}
              loading={cerrar.isPending || reabrir.isPending}
              onClick={() => void confirmarCierre()}
            >
              {t(
                confirmar === "reabrir" ? "tesoreria.cierre.reabrir" : "tesoreria.cierre.confirmar",
              )}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function Cifra({ titulo, valor }: { titulo: string; valor: string }) {
  return (
    <Paper withBorder radius="md" p="xs">
      <Text size="xs" c="dimmed">
        {titulo}
      </Text>
      <Text fw={600}>{valor}</Text>
    </Paper>
  );
}
