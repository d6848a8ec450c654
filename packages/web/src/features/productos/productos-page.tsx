import "mantine-datatable/styles.css";
import { mensajeDeError } from "@fila/domain";
import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  List,
  Loader,
  Modal,
  NumberInput,
  Stack,
  Tabs,
  Text,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconCopy, IconPlus, IconReceipt } from "@tabler/icons-react";
import { DataTable, type DataTableColumn } from "mantine-datatable";
import { lazy, Suspense, useState } from "react";
import { Link, Navigate, useSearchParams } from "react-router";
import { useSesion } from "../../app/session-store";
import { AccionesFila } from "../../lib/acciones-fila";
import { useTranslation } from "../../lib/i18n";
import { notificarError } from "../../lib/notificar";
import { importe } from "../pagos/pagos-logica";
import { ProductoFormModal } from "./producto-form-modal";
import type { CopiaProductosResultado, ProductoApi, ProductoEntrada } from "./tipos";
import { useMutacionesProductos, usePreviaCopia, useProductos } from "./use-productos";

const LoteriaTab = lazy(() =>
  import("../loteria/loteria-tab").then((m) => ({ default: m.LoteriaTab })),
);
const TesoreriaTab = lazy(() =>
  import("../tesoreria/tesoreria-tab").then((m) => ({ default: m.TesoreriaTab })),
);

function anyoDeUrl(params: URLSearchParams): number {
  const v = params.get("anyo") ?? "";
  return /^\d{4}$/.test(v) ? Number(v) : new Date().getFullYear();
}

/** The product as a PUT body (the API replaces it whole). */
function entradaDe(p: ProductoApi): ProductoEntrada {
  const { id: _id, numPagos: _numPagos, ...resto } = p;
  return resto;
}

/**
 * The tabs of the Cuotas page, kept in `?vista=` (none: the first). Each tab's code is its own
 * chunk but the first's: opening Cuotas loads only the product list.
 */
const VISTAS = [
  { valor: "productos", texto: "productos.vistas.productos", Componente: ListaProductos },
  { valor: "loteria", texto: "productos.vistas.loteria", Componente: LoteriaTab },
  { valor: "tesoreria", texto: "productos.vistas.tesoreria", Componente: TesoreriaTab },
] as const;

/** `#/productos` ("Cuotas", administrador): the chargeable items of a year, the lottery and the treasury. */
export function ProductosPage() {
  const { t } = useTranslation();
  const { usuario } = useSesion();
  const [params, setParams] = useSearchParams();
  if (usuario.rol !== "administrador") return <Navigate to="/inicio" replace />;
  const vista = VISTAS.find((v) => v.valor === params.get("vista")) ?? VISTAS[0];
  return (
    <Stack gap="lg" maw={1200} mx="auto">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {t("productos.titulo")}
        </Title>
        <Text c="dimmed" size="sm">
          {t("productos.intro")}
        </Text>
      </Stack>
      <Tabs
        value={vista.valor}
        onChange={(v) =>
          setParams(v && v !== VISTAS[0].valor ? { vista: v } : {}, { replace: true })
        }
        keepMounted={false}
      >
        <Tabs.List>
          {VISTAS.map((v) => (
            <Tabs.Tab key={v.valor} value={v.valor}>
              {t(v.texto)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {VISTAS.map(({ valor, Componente }) => (
          <Tabs.Panel key={valor} value={valor} pt="lg">
            <Suspense
              fallback={
                <Center mih={200}>
                  <Loader aria-label={t("app.cargando")} />
                </Center>
              }
            >
              <Componente />
            </Suspense>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

/** The products of a year: the Cuotas page's first tab. */
function ListaProductos() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const anyo = anyoDeUrl(params);
  const lista = useProductos(anyo);
  const { crear, cambiar, borrar, copiar } = useMutacionesProductos();
  const [editando, setEditando] = useState<ProductoApi | null>(null);
  const [formAbierto, setFormAbierto] = useState(false);
  const [aBorrar, setABorrar] = useState<ProductoApi | null>(null);
  const [errorBorrar, setErrorBorrar] = useState<string | null>(null);
  const [copiaAbierta, setCopiaAbierta] = useState(false);
  const [errorCopia, setErrorCopia] = useState<string | null>(null);
  const previa = usePreviaCopia(anyo, anyo + 1, copiaAbierta);

  function elegirAnyo(valor: number | string) {
    if (typeof valor === "number" && valor >= 2000 && valor <= 2100) {
      setParams(new URLSearchParams({ anyo: String(valor) }), { replace: true });
    }
  }

  async function guardar(datos: ProductoEntrada) {
    if (editando) await cambiar.mutateAsync({ id: editando.id, datos });
    else await crear.mutateAsync(datos);
    notifications.show({
      color: "green",
      message: t(editando ? "productos.avisos.guardado" : "productos.avisos.creado", {
        nombre: datos.nombre,
      }),
    });
  }

  async function alternarActivo(p: ProductoApi) {
    try {
      await cambiar.mutateAsync({ id: p.id, datos: { ...entradaDe(p), activo: !p.activo } });
      notifications.show({
        color: "green",
        message: t(p.activo ? "productos.avisos.desactivado" : "productos.avisos.activado", {
          nombre: p.nombre,
        }),
      });
    } catch (e) {
      notificarError(e, t("productos.errorGuardar"));
    }
  }

  async function confirmarBorrado() {
    if (!aBorrar) return;
    setErrorBorrar(null);
    try {
      await borrar.mutateAsync(aBorrar.id);
      notifications.show({
        color: "green",
        message: t("productos.avisos.borrado", { nombre: aBorrar.nombre }),
      });
      setABorrar(null);
    } catch (e) {
      // A product with charges answers 409 with the API's own sentence.
      setErrorBorrar(mensajeDeError(e));
    }
  }

  async function confirmarCopia() {
    setErrorCopia(null);
    try {
      const r = await copiar.mutateAsync({ desde: anyo, hasta: anyo + 1 });
      notifications.show({
        color: "green",
        title: t("productos.copia.hecha", { anyo: anyo + 1 }),
        message: t("productos.copia.resultado", { copiados: r.copiados, omitidos: r.omitidos }),
      });
      setCopiaAbierta(false);
    } catch (e) {
      setErrorCopia(mensajeDeError(e));
    }
  }

  const columnas: DataTableColumn<ProductoApi>[] = [
    {
      accessor: "nombre",
      title: t("productos.campos.nombre"),
      render: (p) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {p.nombre}
          </Text>
          {p.descripcion ? (
            <Text size="xs" c="dimmed" lineClamp={1}>
              {p.descripcion}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      accessor: "tipo",
      title: t("productos.campos.tipo"),
      render: (p) => (
        // A badge may shrink to "A…" in a narrow table: keep its whole label.
        <Badge variant="light" miw="max-content">
          {t(`productos.tipos.${p.tipo}`)}
        </Badge>
      ),
    },
    {
      accessor: "precio",
      title: t("productos.campos.precioGeneral"),
      textAlign: "right",
      render: (p) => importe(p.precio),
    },
    {
      accessor: "precios",
      title: t("productos.campos.preciosPorTipo"),
      textAlign: "right",
      render: (p) => p.precios.length,
    },
    {
      accessor: "numPagos",
      title: t("productos.campos.numPagos"),
      textAlign: "right",
    },
    {
      accessor: "activo",
      title: t("productos.campos.estado"),
      render: (p) => (
        <Badge variant="light" color={p.activo ? "green" : "gray"}>
          {p.activo ? t("productos.activo") : t("productos.inactivo")}
        </Badge>
      ),
    },
    {
      accessor: "acciones",
      title: t("productos.campos.acciones"),
      textAlign: "right",
      width: 140,
      render: (p) => {
        const editar = t("productos.acciones.editar", { nombre: p.nombre });
        const alternar = t(
          p.activo ? "productos.acciones.desactivar" : "productos.acciones.activar",
          { nombre: p.nombre },
        );
        const quitar = t("productos.acciones.borrar", { nombre: p.nombre });
        return (
          <AccionesFila
            activo={p.activo}
            etiquetas={{ editar, alternar, borrar: quitar }}
            onEditar={() => {
              setEditando(p);
              setFormAbierto(true);
            }}
            onAlternar={() => void alternarActivo(p)}
            onBorrar={() => {
              setErrorBorrar(null);
              setABorrar(p);
            }}
          />
        );
      },
    },
  ];

  const productos = lista.data?.items ?? [];
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <NumberInput
          label={t("productos.campos.anyo")}
          min={2000}
          max={2100}
          allowDecimal={false}
          allowNegative={false}
          thousandSeparator={false}
          value={anyo}
          onChange={elegirAnyo}
          maw={160}
        />
        <Group gap="xs">
          <Button
            variant="default"
            component={Link}
            to={`/pagos?anyo=${anyo}`}
            leftSection={<IconReceipt size={16} aria-hidden />}
          >
            {t("productos.verCargos")}
          </Button>
          <Button
            variant="light"
            leftSection={<IconCopy size={16} aria-hidden />}
            onClick={() => {
              setErrorCopia(null);
              setCopiaAbierta(true);
            }}
            disabled={productos.length === 0}
          >
            {t("productos.copia.boton")}
          </Button>
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => {
              setEditando(null);
              setFormAbierto(true);
            }}
          >
            {t("productos.nuevo")}
          </Button>
        </Group>
      </Group>

      {lista.isError ? (
        <Alert role="alert" color="red" title={t("productos.errorCarga")}>
          {mensajeDeError(lista.error)}
        </Alert>
      ) : null}

      <DataTable<ProductoApi>
        aria-label={t("productos.tabla", { anyo })}
        withTableBorder
        borderRadius="md"
        highlightOnHover
        striped
        minHeight={productos.length > 0 ? undefined : 180}
        records={productos}
        columns={columnas}
        idAccessor="id"
        fetching={lista.isFetching}
        noRecordsText={t("productos.sinResultados", { anyo })}
      />

      <ProductoFormModal
        abierto={formAbierto}
        producto={editando}
        anyo={anyo}
        alCerrar={() => setFormAbierto(false)}
        alGuardar={guardar}
      />

      <Modal
        opened={aBorrar !== null}
        onClose={() => setABorrar(null)}
        title={t("productos.borrar.titulo")}
        centered
      >
        <Stack>
          <Text>{t("productos.borrar.texto", { nombre: aBorrar?.nombre ?? "" })}</Text>
          {errorBorrar ? (
            <Alert role="alert" color="red" title={t("productos.borrar.error")}>
              {errorBorrar}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setABorrar(null)}>
              {t("comun.cancelar")}
            </Button>
            <Button color="red" loading={borrar.isPending} onClick={() => void confirmarBorrado()}>
              {t("productos.borrar.confirmar")}
            </Button>
          </Group>
        </Stack>
      </Modal>

      <Modal
        opened={copiaAbierta}
        onClose={() => setCopiaAbierta(false)}
        title={t("productos.copia.titulo")}
        centered
      >
        <Stack>
          <PreviaCopia
            previa={previa.data}
            cargando={previa.isPending}
            error={previa.error ? mensajeDeError(previa.error) : null}
            desde={anyo}
            hasta={anyo + 1}
          />
          {errorCopia ? (
            <Alert role="alert" color="red" title={t("productos.copia.error")}>
              {errorCopia}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setCopiaAbierta(false)}>
              {t("comun.cancelar")}
            </Button>
            <Button
              loading={copiar.isPending}
              disabled={!previa.data || previa.data.copiados === 0}
              onClick={() => void confirmarCopia()}
            >
              {t("productos.copia.confirmar")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** The copy's preview: the products that will be copied and, apart, those that will not and why. */
function PreviaCopia({
  previa,
  cargando,
  error,
  desde,
  hasta,
}: {
  previa: CopiaProductosResultado | undefined;
  cargando: boolean;
  error: string | null;
  desde: number;
  hasta: number;
}) {
  const { t } = useTranslation();
  if (error) {
    return (
      <Alert role="alert" color="red">
        {error}
      </Alert>
    );
  }
  if (cargando || !previa) return <Text c="dimmed">{t("productos.copia.cargando")}</Text>;
  const seCopian = previa.productos.filter((p) => p.seCopia);
  const noSeCopian = previa.productos.filter((p) => !p.seCopia);
  return (
    <Stack gap="sm">
      <Text>
        {seCopian.length > 0
          ? t("productos.copia.texto", { count: seCopian.length, desde, hasta })
          : t("productos.copia.ninguno", { desde, hasta })}
      </Text>
      {seCopian.length > 0 ? (
        <List size="sm" aria-label={t("productos.copia.seCopian")}>
          {seCopian.map((p) => (
            <List.Item key={p.id}>{p.nombreDestino}</List.Item>
          ))}
        </List>
      ) : null}
      {noSeCopian.length > 0 ? (
        <>
          <Text fw={500}>{t("productos.copia.noSeCopian")}</Text>
          <List size="sm" aria-label={t("productos.copia.noSeCopian")}>
            {noSeCopian.map((p) => (
              <List.Item key={p.id}>
                {p.nombre}: {p.motivo}
              </List.Item>
            ))}
          </List>
        </>
      ) : null}
    </Stack>
  );
}
