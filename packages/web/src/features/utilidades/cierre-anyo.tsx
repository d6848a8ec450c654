import "mantine-datatable/styles.css";
import {
  type CierreAnyo,
  type CifrasCierre,
  formatearFechaHora,
  mensajeDeError,
  type VistaPreviaCierre,
} from "@fila/domain";
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  List,
  NumberInput,
  Paper,
  ScrollArea,
  SimpleGrid,
  Stack,
  Stepper,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { DataTable } from "mantine-datatable";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { useTranslation } from "../../lib/i18n";
import { notificarError } from "../../lib/notificar";
import { useTextosTabla } from "../../lib/textos-tabla";
import { importe } from "../remesas/formato-remesas";
import { useCerrarAnyo, useHistorialCierres, useVistaPreviaCierre } from "./use-cierre";

function Cifra({ titulo, valor, ayuda }: { titulo: string; valor: ReactNode; ayuda?: string }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="sm" c="dimmed">
        {titulo}
      </Text>
      <Text fw={700} fz="xl">
        {valor}
      </Text>
      {ayuda ? (
        <Text size="xs" c="dimmed">
          {ayuda}
        </Text>
      ) : null}
    </Paper>
  );
}

/** A long list of the preview, scrolled inside its box. */
function TablaPrevia({
  titulo,
  cabeceras,
  filas,
  vacia,
}: {
  titulo: string;
  cabeceras: string[];
  filas: { clave: string; celdas: ReactNode[] }[];
  vacia: string;
}) {
  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        {titulo}
      </Title>
      {filas.length === 0 ? (
        <Text size="sm" c="dimmed">
          {vacia}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={280} type="auto" viewportProps={{ tabIndex: 0 }}>
          <Table striped aria-label={titulo}>
            <Table.Thead>
              <Table.Tr>
                {cabeceras.map((c, i) => (
                  <Table.Th key={c} ta={i === cabeceras.length - 1 ? "right" : undefined}>
                    {c}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {filas.map((f) => (
                <Table.Tr key={f.clave}>
                  {f.celdas.map((c, i) => (
                    <Table.Td
                      // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
                      key={i}
                      ta={i === f.celdas.length - 1 ? "right" : undefined}
                    >
                      {c}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}

function VistaPrevia({ v }: { v: VistaPreviaCierre }) {
  const { t } = useTranslation();
  const copiados = v.productos.productos.filter((p) => p.seCopia);
  const socio = (s: { nombre: string; matricula: number | null }) =>
    s.matricula ? `${s.nombre} (${s.matricula})` : s.nombre;
  return (
    <Stack gap="lg">
      {v.avisos.map((a) => (
        <Alert key={a} color="orange" role="status">
          {a}
        </Alert>
      ))}
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
        <Cifra
          titulo={t("cierreAnyo.previa.edadFestera")}
          valor={v.edadFestera.numSocios}
          ayuda={t("cierreAnyo.previa.altasPosteriores", { n: v.edadFestera.altasPosteriores })}
        />
        <Cifra
          titulo={t("cierreAnyo.previa.productos", { anyo: v.anyoNuevo })}
          valor={copiados.length}
        />
        <Cifra
          titulo={t("cierreAnyo.previa.derrama", { anyo: v.anyoNuevo })}
          valor={v.derrama.numCargos}
          ayuda={importe(v.derrama.importe)}
        />
        <Cifra
          titulo={t("cierreAnyo.previa.pendientes")}
          valor={v.pendientes.numCargos}
          ayuda={importe(v.pendientes.importe)}
        />
      </SimpleGrid>
      <Stack gap="xs">
        <Title order={3} fz="md">
          {t("cierreAnyo.previa.productosTitulo", { anyo: v.anyoNuevo })}
        </Title>
        {v.productos.productos.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("cierreAnyo.previa.sinProductos", { anyo: v.anyo })}
          </Text>
        ) : (
          <List spacing={4} size="sm">
            {v.productos.productos.map((p) => (
              <List.Item key={p.id}>
                {p.seCopia ? (
                  <>
                    {p.nombre} → <strong>{p.nombreDestino}</strong>{" "}
                    <Badge color="green" variant="light" size="sm">
                      {t("cierreAnyo.previa.seCopia")}
                    </Badge>
                  </>
                ) : (
                  <>
                    {p.nombre}{" "}
                    <Badge color="gray" variant="light" size="sm">
                      {t("cierreAnyo.previa.noSeCopia")}
                    </Badge>{" "}
                    <Text span size="xs" c="dimmed">
                      {p.motivo}
                    </Text>
                  </>
                )}
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
      <TablaPrevia
        titulo={t("cierreAnyo.previa.edadTitulo")}
        cabeceras={[t("cierreAnyo.col.socio"), t("cierreAnyo.col.edadFestera")]}
        filas={v.edadFestera.socios.map((s) => ({
          clave: String(s.idSocio),
          celdas: [socio(s), `${s.edadFestera} → ${s.edadFestera + 1}`],
        }))}
        vacia={t("cierreAnyo.previa.sinEdad")}
      />
      <TablaPrevia
        titulo={t("cierreAnyo.previa.derramaTitulo", { anyo: v.anyoNuevo })}
        cabeceras={[
          t("cierreAnyo.col.socio"),
          t("cierreAnyo.col.concepto"),
          t("cierreAnyo.col.importe"),
        ]}
        filas={v.derrama.cargos.map((c) => ({
          clave: `${c.idSocio}-${c.producto}`,
          celdas: [socio(c), c.concepto, importe(c.importe)],
        }))}
        vacia={t("cierreAnyo.previa.sinDerrama")}
      />
      <TablaPrevia
        titulo={t("cierreAnyo.previa.pendientesTitulo", { anyo: v.anyo })}
        cabeceras={[
          t("cierreAnyo.col.socio"),
          t("cierreAnyo.col.cargos"),
          t("cierreAnyo.col.importe"),
        ]}
        filas={v.pendientes.socios.map((p) => ({
          clave: String(p.idSocio),
          celdas: [socio(p), p.numCargos, importe(p.importe)],
        }))}
        vacia={t("cierreAnyo.previa.sinPendientes")}
      />
      <TablaPrevia
        titulo={t("cierreAnyo.previa.terminaTitulo", { anyo: v.anyo })}
        cabeceras={[
          t("cierreAnyo.col.socio"),
          t("cierreAnyo.col.anyos"),
          t("cierreAnyo.col.importe"),
        ]}
        filas={v.derramaTermina.map((d) => ({
          clave: String(d.idSocio),
          celdas: [
            socio(d),
            `${d.anyoDerrama}–${d.anyoDerrama + d.anyosPagoDerrama - 1}`,
            importe(d.importeDerrama),
          ],
        }))}
        vacia={t("cierreAnyo.previa.sinTermina")}
      />
    </Stack>
  );
}

function ResumenCifras({ cifras }: { cifras: CifrasCierre }) {
  const { t } = useTranslation();
  return (
    <List size="sm" spacing={4}>
      <List.Item>{t("cierreAnyo.cifras.edad", { n: cifras.sociosEdadFestera })}</List.Item>
      <List.Item>{t("cierreAnyo.cifras.productos", { n: cifras.productosCopiados })}</List.Item>
      <List.Item>
        {t("cierreAnyo.cifras.derrama", {
          n: cifras.cargosDerrama,
          importe: importe(cifras.importeDerrama),
        })}
      </List.Item>
      <List.Item>
        {t("cierreAnyo.cifras.pendientes", {
          n: cifras.cargosPendientes,
          importe: importe(cifras.importePendiente),
        })}
      </List.Item>
    </List>
  );
}

function HistorialCierres() {
  const { t } = useTranslation();
  const textosTabla = useTextosTabla();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const lista = useHistorialCierres(page, pageSize);
  return (
    <Stack gap="xs">
      <Title order={2} fz="lg">
        {t("cierreAnyo.historial.titulo")}
      </Title>
      {lista.isError ? (
        <Alert role="alert" color="red">
          {mensajeDeError(lista.error)}
        </Alert>
      ) : null}
      <DataTable<CierreAnyo>
        aria-label={t("cierreAnyo.historial.titulo")}
        withTableBorder
        borderRadius="md"
        striped
        minHeight={lista.data && lista.data.items.length > 0 ? undefined : 120}
        records={lista.data?.items ?? []}
        idAccessor="id"
        fetching={lista.isFetching}
        {...textosTabla}
        noRecordsText={t("cierreAnyo.historial.vacio")}
        page={page}
        onPageChange={setPage}
        totalRecords={lista.data?.total ?? 0}
        recordsPerPage={pageSize}
        recordsPerPageOptions={[10, 25, 50]}
        onRecordsPerPageChange={(n) => {
          setPageSize(n);
          setPage(1);
        }}
        columns={[
          { accessor: "anyo", title: t("cierreAnyo.historial.anyo"), width: 80 },
          {
            accessor: "cerradoEn",
            title: t("cierreAnyo.historial.cuando"),
            render: (c) => formatearFechaHora(c.cerradoEn),
          },
          { accessor: "usuario", title: t("cierreAnyo.historial.quien") },
          {
            accessor: "cifras",
            title: t("cierreAnyo.historial.cifras"),
            width: 320,
            render: (c) => <ResumenCifras cifras={c.cifras} />,
          },
        ]}
      />
    </Stack>
  );
}

/** Year close wizard (administrador): choose the year → preview → confirm; and the history. */
export function CierreAnyoPanel() {
  const { t } = useTranslation();
  const [paso, setPaso] = useState(0);
  const [anyo, setAnyo] = useState<number | string>(new Date().getFullYear());
  const [entendido, setEntendido] = useState(false);
  const [resultado, setResultado] = useState<CierreAnyo | null>(null);
  const previa = useVistaPreviaCierre();
  const cerrar = useCerrarAnyo();
  const anyoElegido = Number(anyo);
  const anyoValido = Number.isInteger(anyoElegido) && anyoElegido >= 2000 && anyoElegido <= 2099;

  async function verPrevia() {
    try {
      await previa.mutateAsync(anyoElegido);
      setPaso(1);
    } catch {
      // The error is shown under the year.
    }
  }

  async function confirmar() {
    try {
      const cierre = await cerrar.mutateAsync(anyoElegido);
      setResultado(cierre);
      setPaso(3);
      notifications.show({ color: "green", message: t("cierreAnyo.hecho", { anyo: cierre.anyo }) });
    } catch (e) {
      notificarError(e, t("cierreAnyo.error"));
    }
  }

  function reiniciar() {
    setPaso(0);
    setEntendido(false);
    setResultado(null);
    previa.reset();
    cerrar.reset();
  }

  const v = previa.data;
  return (
    <Stack gap="xl">
      <Text c="dimmed" size="sm">
        {t("cierreAnyo.intro")}
      </Text>
      <Stepper active={paso} allowNextStepsSelect={false} size="sm">
        <Stepper.Step label={t("cierreAnyo.pasos.anyo")} allowStepSelect={false}>
          <Stack gap="sm" maw={420} mt="md">
            <NumberInput
              label={t("cierreAnyo.anyo")}
              description={t("cierreAnyo.anyoAyuda")}
              value={anyo}
              onChange={setAnyo}
              min={2000}
              max={2099}
              allowDecimal={false}
              error={previa.isError ? mensajeDeError(previa.error) : undefined}
            />
            <Group>
              <Button
                onClick={() => void verPrevia()}
                loading={previa.isPending}
                disabled={!anyoValido}
              >
                {t("cierreAnyo.verPrevia")}
              </Button>
            </Group>
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t("cierreAnyo.pasos.previa")} allowStepSelect={false}>
          {v ? (
            <Stack gap="md" mt="md">
              <Title order={2} fz="lg">
                {t("cierreAnyo.previaTitulo", { anyo: v.anyo, nuevo: v.anyoNuevo })}
              </Title>
              <VistaPrevia v={v} />
              <Group justify="space-between">
                <Button variant="default" onClick={reiniciar}>
                  {t("cierreAnyo.atras")}
                </Button>
                <Button onClick={() => setPaso(2)}>{t("cierreAnyo.continuar")}</Button>
              </Group>
            </Stack>
          ) : null}
        </Stepper.Step>
        <Stepper.Step label={t("cierreAnyo.pasos.confirmar")} allowStepSelect={false}>
          {v ? (
            <Stack gap="md" mt="md" maw={640}>
              <Alert color="red" title={t("cierreAnyo.confirmarTitulo", { anyo: v.anyo })}>
                {t("cierreAnyo.confirmarTexto", { anyo: v.anyo, nuevo: v.anyoNuevo })}
              </Alert>
              <Checkbox
                label={t("cierreAnyo.entendido", { anyo: v.anyo })}
                checked={entendido}
                onChange={(e) => setEntendido(e.currentTarget.checked)}
              />
              <Group justify="space-between">
                <Button variant="default" onClick={() => setPaso(1)}>
                  {t("cierreAnyo.atras")}
                </Button>
                <Button
                  color="red"
                  disabled={!entendido}
                  loading={cerrar.isPending}
                  onClick={() => void confirmar()}
                >
                  {t("cierreAnyo.cerrar", { anyo: v.anyo })}
                </Button>
              </Group>
            </Stack>
          ) : null}
        </Stepper.Step>
        <Stepper.Completed>
          {resultado ? (
            <Stack gap="md" mt="md" maw={640}>
              <Alert
                color="green"
                role="status"
                title={t("cierreAnyo.hecho", { anyo: resultado.anyo })}
              >
                <ResumenCifras cifras={resultado.cifras} />
              </Alert>
              <Group>
                {/* The treasury's year closes apart, once its accounts are checked (issue 47). */}
                <Button
                  component={Link}
                  to={`/productos?vista=tesoreria&seccion=cuentas-anuales&anyo=${resultado.anyo}`}
                >
                  {t("cierreAnyo.tesoreria", { anyo: resultado.anyo })}
                </Button>
                <Button variant="default" onClick={reiniciar}>
                  {t("cierreAnyo.otro")}
                </Button>
              </Group>
            </Stack>
          ) : null}
        </Stepper.Completed>
      </Stepper>
      <HistorialCierres />
    </Stack>
  );
}
