import {
  aCentimos,
  type CategoriaTesoreria,
  formatearFecha,
  formatearFechaHora,
  formatearImporte,
} from "@fila/domain";
import {
  Alert,
  Badge,
  Button,
  Center,
  FileButton,
  Group,
  Loader,
  MultiSelect,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { IconCheck, IconFileImport } from "@tabler/icons-react";
import type { DataTableColumn } from "mantine-datatable";
import { useEffect, useState } from "react";
import { useTranslation } from "../../lib/i18n";
import { useListado } from "../../lib/listado";
import { TablaListado } from "../../lib/tabla-listado";
import { AvisoError } from "../loteria/aviso-error";
import { avisarHecho } from "./avisos";
import {
  comprobarDecision,
  cuadreConciliacion,
  type Decision,
  type DecisionApi,
  decisionesParaApi,
  decisionInicial,
  desplazarFecha,
  type ExtractoImportado,
  type LineaExtracto,
  type MovimientoResumen,
  type ProblemaDecision,
  type ResultadoExtracto,
  resumenDecisiones,
  saldoLibroTrasDecidir,
} from "./extractos-logica";
import { ReglasCategoria } from "./reglas";
import { categoriasDe, diferenciaSaldos, nombreCategoria } from "./tesoreria-logica";
import {
  useCandidatos,
  useCategorias,
  useConciliacion,
  useCuentas,
  useExtracto,
  useExtractos,
  useMutacionesExtractos,
} from "./use-tesoreria";

const euros = (v: number) => formatearImporte(aCentimos(v));

/** An account of a statement, as the matching step needs it (dry run or imported). */
type CuentaAConciliar = {
  idCuenta: number;
  cuenta: string;
  fechaDesde: string;
  fechaHasta: string;
  saldoFinal: number;
  /** The book's balance at `fechaHasta` in the dry run; null for an imported statement. */
  saldoLibro: number | null;
  lineas: LineaExtracto[];
};

/**
 * The bank's statements: each bank account's balance against the book's, the import of a Norma
 * 43 or camt.053 file with its matching step (upload → the lines with their proposals → confirm,
 * change or create each → apply), the imported statements and the category rules.
 */
export function ExtractosSeccion() {
  const { t } = useTranslation();
  const cuentas = useCuentas();
  const { previa, confirmar } = useMutacionesExtractos();
  const [idCuenta, setIdCuenta] = useState<string | null>(null);
  const [archivo, setArchivo] = useState<File | null>(null);
  const [borrador, setBorrador] = useState<ResultadoExtracto | null>(null);
  const [aplicado, setAplicado] = useState<ResultadoExtracto | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [abierto, setAbierto] = useState<number | null>(null);

  async function leer(a: File | null) {
    if (!a) return;
    setError(null);
    setAplicado(null);
    setBorrador(null);
    setArchivo(a);
    try {
      setBorrador(
        await previa.mutateAsync({ archivo: a, idCuenta: idCuenta ? Number(idCuenta) : null }),
      );
    } catch (e) {
      setError(e);
    }
  }

  async function aplicar(decisiones: DecisionApi[]) {
    if (!archivo) return;
    setError(null);
    try {
      const r = await confirmar.mutateAsync({
        archivo,
        idCuenta: idCuenta ? Number(idCuenta) : null,
        decisiones,
      });
      setAplicado(r);
      setBorrador(null);
      setArchivo(null);
      avisarHecho(t("tesoreria.extractos.aplicado"));
    } catch (e) {
      setError(e);
    }
  }

  const bancos = (cuentas.data?.items ?? []).filter((c) => c.tipo === "banco" && c.activo);
  return (
    <Stack gap="lg">
      <SaldosBancoLibro />

      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="importar-extracto">
        <Stack gap="sm">
          <Title order={2} size="h4" id="importar-extracto">
            {t("tesoreria.extractos.importar")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("tesoreria.extractos.explicacion")}
          </Text>
          <Group align="flex-end" gap="sm">
            <Select
              label={t("tesoreria.extractos.cuenta")}
              description={t("tesoreria.extractos.cuentaAyuda")}
              clearable
              data={bancos.map((c) => ({ value: String(c.id), label: c.nombre }))}
              value={idCuenta}
              onChange={setIdCuenta}
              w={240}
            />
            <FileButton
              onChange={(a) => void leer(a)}
              accept=".n43,.q43,.aeb,.txt,.csb,.xml,text/plain,application/xml,text/xml"
            >
              {(props) => (
                <Button
                  {...props}
                  loading={previa.isPending}
                  leftSection={<IconFileImport size={16} aria-hidden />}
                >
                  {t("tesoreria.extractos.elegir")}
                </Button>
              )}
            </FileButton>
          </Group>
          <AvisoError error={error} titulo={t("tesoreria.extractos.error")} />
        </Stack>
      </Paper>

      {borrador && archivo ? (
        <Conciliador
          key={`${archivo.name}-${archivo.lastModified}`}
          titulo={t("tesoreria.extractos.previa", { archivo: archivo.name })}
          cuentas={borrador.cuentas}
          enviando={confirmar.isPending}
          textoEnviar={t("tesoreria.extractos.aplicar")}
          alEnviar={(d) => void aplicar(d)}
          alCancelar={() => {
            setBorrador(null);
            setArchivo(null);
          }}
        />
      ) : null}

      {aplicado ? <ResultadoAplicado resultado={aplicado} /> : null}

      <ListaExtractos alAbrir={setAbierto} />
      {abierto !== null ? (
        <ExtractoImportadoPanel id={abierto} alCerrar={() => setAbierto(null)} />
      ) : null}

      <ReglasCategoria />
    </Stack>
  );
}

/** Each bank account: the balance of its last statement, the book's that day, the difference. */
function SaldosBancoLibro() {
  const { t } = useTranslation();
  const conciliacion = useConciliacion();
  if (!conciliacion.data) return null;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" data-testid="conciliacion">
      {conciliacion.data.map((c) => (
        <Paper
          key={c.idCuenta}
          withBorder
          radius="md"
          p="sm"
          component="section"
          aria-label={t("tesoreria.extractos.conciliacionDe", { cuenta: c.cuenta })}
        >
          <Group justify="space-between" gap="xs">
            <Text fw={600}>{c.cuenta}</Text>
            {c.diferencia === null ? (
              <Badge color="gray" variant="light">
                {t("tesoreria.extractos.sinExtractos")}
              </Badge>
            ) : aCentimos(c.diferencia) === 0 ? (
              <Badge color="green" variant="light">
                {t("tesoreria.extractos.cuadra")}
              </Badge>
            ) : (
              <Badge color="red" variant="light">
                {t("tesoreria.extractos.noCuadra")}
              </Badge>
            )}
          </Group>
          {c.saldoBanco !== null && c.fechaExtracto ? (
            <Stack gap={0} mt={4}>
              <Text size="sm">
                {t("tesoreria.extractos.saldoBanco", {
                  fecha: formatearFecha(c.fechaExtracto),
                  saldo: euros(c.saldoBanco),
                })}
              </Text>
              <Text size="sm">
                {t("tesoreria.extractos.saldoLibro", { saldo: euros(c.saldoLibro) })}
              </Text>
              <Text size="sm" fw={600}>
                {t("tesoreria.extractos.diferencia", { diferencia: euros(c.diferencia ?? 0) })}
              </Text>
            </Stack>
          ) : (
            <Text size="sm">
              {t("tesoreria.extractos.saldoLibro", { saldo: euros(c.saldoLibro) })}
            </Text>
          )}
          {c.lineasPendientes > 0 ? (
            <Text size="xs" c="orange.9">
              {t("tesoreria.extractos.pendientes", { count: c.lineasPendientes })}
            </Text>
          ) : null}
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** What an applied statement left: per account, the bank's balance against the book's. */
function ResultadoAplicado({ resultado }: { resultado: ResultadoExtracto }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" data-testid="resultado-extracto">
      {resultado.cuentas.map((c) => {
        const cuadra = aCentimos(c.diferencia) === 0;
        return (
          <Alert
            key={c.idCuenta}
            color={cuadra ? "green" : "orange"}
            icon={cuadra ? <IconCheck size={18} aria-hidden /> : undefined}
            title={t(
              cuadra
                ? "tesoreria.extractos.resultadoCuadra"
                : "tesoreria.extractos.resultadoNoCuadra",
              {
                cuenta: c.cuenta,
              },
            )}
          >
            {t("tesoreria.extractos.resultado", {
              banco: euros(c.saldoFinal),
              libro: euros(c.saldoLibro),
              diferencia: euros(c.diferencia),
            })}
          </Alert>
        );
      })}
    </Stack>
  );
}

/** The imported statements, latest first. */
function ListaExtractos({ alAbrir }: { alAbrir: (id: number) => void }) {
  const { t } = useTranslation();
  const listado = useListado({ tamanyos: [10, 25, 50] });
  const consulta = new URLSearchParams({
    page: String(listado.page),
    pageSize: String(listado.pageSize),
  });
  const lista = useExtractos(consulta);
  const columnas: DataTableColumn<ExtractoImportado>[] = [
    {
      accessor: "cuenta",
      title: t("tesoreria.campos.cuenta"),
      render: (e) => (
        <Stack gap={0}>
          <Text size="sm">{e.cuenta}</Text>
          <Text size="xs" c="dimmed">
            {e.nombreArchivo}
          </Text>
        </Stack>
      ),
    },
    {
      accessor: "fechaDesde",
      title: t("tesoreria.extractos.periodo"),
      render: (e) => `${formatearFecha(e.fechaDesde)} – ${formatearFecha(e.fechaHasta)}`,
    },
    {
      accessor: "saldoFinal",
      title: t("tesoreria.extractos.saldoFinal"),
      textAlign: "right",
      render: (e) => euros(e.saldoFinal),
    },
    {
      accessor: "numLineas",
      title: t("tesoreria.extractos.lineas"),
      render: (e) =>
        t("tesoreria.extractos.estadoLineas", {
          conciliadas: e.numConciliadas,
          pendientes: e.numPendientes,
          omitidas: e.numOmitidas,
        }),
    },
    {
      accessor: "importadoEn",
      title: t("tesoreria.extractos.importadoEn"),
      render: (e) => formatearFechaHora(e.importadoEn),
    },
    {
      accessor: "acciones",
      title: "",
      textAlign: "right",
      render: (e) => (
        <Button
          size="compact-sm"
          variant={e.numPendientes > 0 ? "light" : "subtle"}
          onClick={() => alAbrir(e.id)}
        >
          {e.numPendientes > 0 ? t("tesoreria.extractos.decidir") : t("tesoreria.extractos.ver")}
        </Button>
      ),
    },
  ];
  return (
    <Stack gap="xs" component="section" aria-labelledby="extractos-importados">
      <Title order={2} size="h4" id="extractos-importados">
        {t("tesoreria.extractos.importados")}
      </Title>
      <TablaListado
        lista={lista}
        listado={listado}
        titulo={t("tesoreria.extractos.importados")}
        vacio={t("tesoreria.extractos.ninguno")}
        tituloError={t("tesoreria.extractos.errorCarga")}
        columns={columnas}
      />
    </Stack>
  );
}

/** An imported statement: its lines, and the matching step for those still pending. */
function ExtractoImportadoPanel({ id, alCerrar }: { id: number; alCerrar: () => void }) {
  const { t } = useTranslation();
  const extracto = useExtracto(id);
  const { decidir } = useMutacionesExtractos();
  const [error, setError] = useState<unknown>(null);
  if (extracto.isPending) {
    return (
      <Center mih={120}>
        <Loader aria-label={t("app.cargando")} />
      </Center>
    );
  }
  if (extracto.isError)
    return <AvisoError error={extracto.error} titulo={t("tesoreria.extractos.errorCarga")} />;
  const e = extracto.data;
  return (
    <Stack gap="xs">
      <AvisoError error={error} titulo={t("tesoreria.extractos.error")} />
      <Conciliador
        titulo={t("tesoreria.extractos.detalle", {
          cuenta: e.cuenta,
          desde: formatearFecha(e.fechaDesde),
          hasta: formatearFecha(e.fechaHasta),
        })}
        cuentas={[
          {
            idCuenta: e.idCuenta,
            cuenta: e.cuenta,
            fechaDesde: e.fechaDesde,
            fechaHasta: e.fechaHasta,
            saldoFinal: e.saldoFinal,
            saldoLibro: e.saldoLibro,
            lineas: e.lineas,
          },
        ]}
        enviando={decidir.isPending}
        textoEnviar={t("tesoreria.extractos.guardarDecisiones")}
        alEnviar={async (decisiones) => {
          setError(null);
          try {
            await decidir.mutateAsync({ id, decisiones });
            avisarHecho(t("tesoreria.extractos.aplicado"));
          } catch (err) {
            setError(err);
          }
        }}
        alCancelar={alCerrar}
      />
    </Stack>
  );
}

/**
 * The matching step: each line with its proposal and the treasurer's decision, the bank's balance
 * against what the book's will be, and the button that applies it all.
 */
function Conciliador({
  titulo,
  cuentas,
  enviando,
  textoEnviar,
  alEnviar,
  alCancelar,
}: {
  titulo: string;
  cuentas: CuentaAConciliar[];
  enviando: boolean;
  textoEnviar: string;
  alEnviar: (decisiones: DecisionApi[]) => void;
  alCancelar: () => void;
}) {
  const { t } = useTranslation();
  const categorias = useCategorias();
  const todas = cuentas.flatMap((c) => c.lineas);
  const [decisiones, setDecisiones] = useState<Record<number, Decision>>(() =>
    Object.fromEntries(todas.map((l) => [l.n, decisionInicial(l)])),
  );
  const [importes, setImportes] = useState<Record<number, number>>({});
  // The movements each account offers, as they arrive (their amounts check the matches).
  const conocer = (movimientos: readonly MovimientoResumen[]) => {
    const nuevos = movimientos.filter((m) => importes[m.id] === undefined);
    if (nuevos.length > 0) {
      setImportes((previos) => ({
        ...previos,
        ...Object.fromEntries(nuevos.map((m) => [m.id, m.importe])),
      }));
    }
  };
  const importeDe = (id: number) =>
    importes[id] ??
    todas
      .flatMap((l) => (l.propuesta?.accion === "conciliar" ? l.propuesta.movimientos : []))
      .find((m) => m.id === id)?.importe;

  const problemas = todas.map((l) =>
    l.estado === "pendiente"
      ? comprobarDecision(l, decisiones[l.n] ?? { accion: "pendiente" }, importeDe)
      : null,
  );
  const hayProblemas = problemas.some((p) => p !== null);
  const resumen = resumenDecisiones(todas, decisiones);
  const pendientesAntes = todas.some((l) => l.estado === "pendiente");

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={titulo}>
      <Stack gap="md">
        <Title order={2} size="h4">
          {titulo}
        </Title>
        {cuentas.map((c) => (
          <CuentaConciliador
            key={c.idCuenta}
            cuenta={c}
            categorias={categorias.data?.items ?? []}
            decisiones={decisiones}
            problemas={Object.fromEntries(todas.map((l, i) => [l.n, problemas[i] ?? null]))}
            cambiar={(n, d) => setDecisiones((previas) => ({ ...previas, [n]: d }))}
            conocer={conocer}
            importeDe={importeDe}
          />
        ))}
        {pendientesAntes ? (
          <>
            <Text size="sm" data-testid="resumen-decisiones">
              {t("tesoreria.extractos.resumen", resumen)}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={alCancelar}>
                {t("comun.cancelar")}
              </Button>
              <Button
                loading={enviando}
                disabled={hayProblemas}
                onClick={() => alEnviar(decisionesParaApi(todas, decisiones, importeDe))}
              >
                {textoEnviar}
              </Button>
            </Group>
          </>
        ) : (
          <Group justify="flex-end">
            <Button variant="default" onClick={alCancelar}>
              {t("comun.cerrar")}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

function CuentaConciliador({
  cuenta,
  categorias,
  decisiones,
  problemas,
  cambiar,
  conocer,
  importeDe,
}: {
  cuenta: CuentaAConciliar;
  categorias: readonly CategoriaTesoreria[];
  decisiones: Record<number, Decision>;
  problemas: Record<number, ProblemaDecision | null>;
  cambiar: (n: number, d: Decision) => void;
  conocer: (movimientos: readonly MovimientoResumen[]) => void;
  importeDe: (id: number) => number | undefined;
}) {
  const { t } = useTranslation();
  const candidatos = useCandidatos(
    cuenta.idCuenta,
    desplazarFecha(cuenta.fechaDesde, -7),
    desplazarFecha(cuenta.fechaHasta, 7),
  );
  const movimientos = (candidatos.data?.items ?? []).filter((m) => m.idCorregidoPor === null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new answer brings new amounts
  useEffect(() => {
    if (candidatos.data) conocer(candidatos.data.items);
  }, [candidatos.data]);
  const libro =
    cuenta.saldoLibro === null
      ? null
      : saldoLibroTrasDecidir({ ...cuenta, saldoLibro: cuenta.saldoLibro }, decisiones, importeDe);
  const diferencia = libro === null ? null : diferenciaSaldos(cuenta.saldoFinal, libro);
  // A movement matched by one line is not offered to another.
  const usados = new Map<number, number>();
  for (const [n, d] of Object.entries(decisiones)) {
    if (d.accion === "conciliar") for (const id of d.idsMovimiento) usados.set(id, Number(n));
  }

  return (
    <Stack gap="sm">
      <Paper
        bg="var(--mantine-color-default-hover)"
        p="sm"
        radius="md"
        data-testid={`saldos-extracto-${cuenta.idCuenta}`}
      >
        <Text fw={600}>
          {t("tesoreria.extractos.cuentaPeriodo", {
            cuenta: cuenta.cuenta,
            desde: formatearFecha(cuenta.fechaDesde),
            hasta: formatearFecha(cuenta.fechaHasta),
          })}
        </Text>
        <SimpleGrid cols={3} spacing="xs" mt={4}>
          <Cifra titulo={t("tesoreria.extractos.banco")} valor={euros(cuenta.saldoFinal)} />
          {libro !== null && diferencia !== null ? (
            <>
              <Cifra titulo={t("tesoreria.extractos.libro")} valor={euros(libro)} />
              <Cifra
                titulo={t("tesoreria.extractos.diferenciaCorta")}
                valor={euros(diferencia)}
                color={aCentimos(diferencia) === 0 ? "teal.9" : "red.9"}
              />
            </>
          ) : null}
        </SimpleGrid>
      </Paper>
      {cuenta.lineas.map((l) => (
        <LineaConciliador
          key={l.n}
          linea={l}
          decision={decisiones[l.n] ?? { accion: "pendiente" }}
          problema={problemas[l.n] ?? null}
          categorias={categoriasDe(categorias, l.importe > 0 ? "ingreso" : "gasto")}
          movimientos={[
            ...(l.propuesta?.accion === "conciliar" ? l.propuesta.movimientos : []),
            ...movimientos.filter(
              (m) =>
                !(
                  l.propuesta?.accion === "conciliar" &&
                  l.propuesta.movimientos.some((p) => p.id === m.id)
                ) &&
                (usados.get(m.id) === undefined || usados.get(m.id) === l.n),
            ),
          ]}
          cambiar={(d) => cambiar(l.n, d)}
        />
      ))}
    </Stack>
  );
}

function Cifra({ titulo, valor, color }: { titulo: string; valor: string; color?: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {titulo}
      </Text>
      <Text fw={600} c={color}>
        {valor}
      </Text>
    </Stack>
  );
}

function textoMovimiento(m: MovimientoResumen): string {
  return `${formatearFecha(m.fecha)} · ${m.concepto} · ${euros(m.importe)}`;
}

/** One line of the statement: what the bank says, the proposal and the decision. */
function LineaConciliador({
  linea: l,
  decision: d,
  problema,
  categorias,
  movimientos,
  cambiar,
}: {
  linea: LineaExtracto;
  decision: Decision;
  problema: ProblemaDecision | null;
  categorias: CategoriaTesoreria[];
  movimientos: MovimientoResumen[];
  cambiar: (d: Decision) => void;
}) {
  const { t } = useTranslation();
  const p = l.propuesta;
  const etiqueta = t("tesoreria.extractos.linea", { n: l.n });
  const decidida = l.estado !== "pendiente";
  const cuadre =
    d.accion === "conciliar"
      ? cuadreConciliacion(
          l.importe,
          d.idsMovimiento.map((id) => movimientos.find((m) => m.id === id)?.importe ?? 0),
        )
      : null;

  function elegirAccion(accion: string | null) {
    if (accion === "conciliar") {
      cambiar({
        accion,
        idsMovimiento: p?.accion === "conciliar" ? p.movimientos.map((m) => m.id) : [],
      });
    } else if (accion === "nuevo") {
      cambiar({
        accion,
        idCategoria: p?.accion === "nuevo" ? p.idCategoria : null,
        concepto: l.concepto,
      });
    } else if (accion === "omitir" || accion === "pendiente") {
      cambiar({ accion });
    }
  }

  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="article"
      aria-label={etiqueta}
      data-testid="linea-extracto"
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="xs" c="dimmed">
              {`${l.n}. ${formatearFecha(l.fechaOperacion)}`}
            </Text>
            <Text size="sm" fw={500} style={{ wordBreak: "break-word" }}>
              {l.concepto}
            </Text>
          </Stack>
          <Text fw={600} c={l.importe < 0 ? "red.9" : "teal.9"} style={{ whiteSpace: "nowrap" }}>
            {euros(l.importe)}
          </Text>
        </Group>

        {decidida ? (
          <Stack gap={2}>
            <Badge
              variant="light"
              color={l.estado === "conciliada" ? "green" : "gray"}
              w="max-content"
            >
              {t(`tesoreria.extractos.estados.${l.estado}`)}
            </Badge>
            {l.movimientos.map((m) => (
              <Text key={m.id} size="xs" c="dimmed">
                {textoMovimiento(m)}
              </Text>
            ))}
          </Stack>
        ) : (
          <>
            <Text size="xs" c="dimmed" data-testid="propuesta">
              {p?.accion === "conciliar"
                ? t("tesoreria.extractos.propuestas.conciliar", {
                    regla: t(`tesoreria.extractos.reglas.${p.regla}`),
                    movimientos: p.movimientos.map(textoMovimiento).join("; "),
                  })
                : p?.accion === "nuevo" && p.categoria
                  ? t("tesoreria.extractos.propuestas.nuevo", { categoria: p.categoria })
                  : t("tesoreria.extractos.propuestas.nada")}
            </Text>
            <Select
              label={t("tesoreria.extractos.queHacer", { n: l.n })}
              allowDeselect={false}
              data={[
                { value: "conciliar", label: t("tesoreria.extractos.acciones.conciliar") },
                { value: "nuevo", label: t("tesoreria.extractos.acciones.nuevo") },
                { value: "omitir", label: t("tesoreria.extractos.acciones.omitir") },
                { value: "pendiente", label: t("tesoreria.extractos.acciones.pendiente") },
              ]}
              value={d.accion}
              onChange={elegirAccion}
            />
            {d.accion === "conciliar" ? (
              <>
                <MultiSelect
                  label={t("tesoreria.extractos.movimientosLibro", { n: l.n })}
                  searchable
                  data={movimientos.map((m) => ({
                    value: String(m.id),
                    label: textoMovimiento(m),
                  }))}
                  value={d.idsMovimiento.map(String)}
                  onChange={(ids) =>
                    cambiar({ accion: "conciliar", idsMovimiento: ids.map(Number) })
                  }
                  nothingFoundMessage={t("tesoreria.extractos.sinMovimientos")}
                />
                {cuadre?.cuadra && cuadre.comisionCentimos > 0 ? (
                  <Text size="xs">
                    {t("tesoreria.extractos.comision", {
                      comision: formatearImporte(cuadre.comisionCentimos),
                    })}
                  </Text>
                ) : null}
              </>
            ) : null}
            {d.accion === "nuevo" ? (
              <Group grow align="flex-start" gap="xs">
                <Select
                  label={t("tesoreria.extractos.categoria", { n: l.n })}
                  searchable
                  data={categorias.map((c) => ({ value: String(c.id), label: nombreCategoria(c) }))}
                  value={d.idCategoria === null ? null : String(d.idCategoria)}
                  onChange={(v) => cambiar({ ...d, idCategoria: v ? Number(v) : null })}
                />
                <TextInput
                  label={t("tesoreria.campos.concepto")}
                  value={d.concepto}
                  maxLength={200}
                  onChange={(e) => cambiar({ ...d, concepto: e.currentTarget.value })}
                />
              </Group>
            ) : null}
            {problema ? (
              <Text size="sm" c="red" role="alert">
                {problema.tipo === "noSuman"
                  ? t("tesoreria.extractos.problemas.noSuman", {
                      suma: formatearImporte(problema.sumaCentimos),
                      importe: formatearImporte(problema.importeCentimos),
                    })
                  : t(`tesoreria.extractos.problemas.${problema.tipo}`)}
              </Text>
            ) : null}
          </>
        )}
      </Stack>
    </Paper>
  );
}
