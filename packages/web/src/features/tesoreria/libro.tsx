import {
  aCentimos,
  formatearFecha,
  formatearImporte,
  type Movimiento,
  ORIGENES_MOVIMIENTO,
  type TipoCategoriaTesoreria,
} from "@fila/domain";
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Menu,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  UnstyledButton,
} from "@mantine/core";
import { IconArrowBackUp, IconDots, IconMinus, IconPaperclip, IconPlus } from "@tabler/icons-react";
import type { DataTableColumn } from "mantine-datatable";
import { useState } from "react";
import { CampoFecha } from "../../lib/campo-fecha";
import { useTranslation } from "../../lib/i18n";
import { BotonesExportar, CampoBusqueda, useListado } from "../../lib/listado";
import { TablaListado } from "../../lib/tabla-listado";
import { MovimientoFormModal } from "./movimiento-form-modal";
import { ContraasientoModal, DocumentosModal } from "./movimiento-modales";
import { nombreCategoria, saldos } from "./tesoreria-logica";
import { useAjustes, useCategorias, useCuentas, useMovimientos } from "./use-tesoreria";

const euros = (v: number) => formatearImporte(aCentimos(v));
const FECHA = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^[1-9]\d{0,8}$/;

type Modal =
  | { tipo: "nuevo"; tipoMovimiento: TipoCategoriaTesoreria }
  | { tipo: "documentos" | "contraasiento"; movimiento: Movimiento };

/**
 * The book: each account's balance, the movements with their lines and the balance of their
 * account after each, filtered by account, category, dates, type, origin and text.
 */
export function LibroTesoreria() {
  const { t } = useTranslation();
  const listado = useListado({
    tamanyos: [25, 50, 100],
    filtros: { idCuenta: "", idCategoria: "", desde: "", hasta: "", tipo: "", origen: "" },
    validar: {
      idCuenta: (v) => ID.test(v),
      idCategoria: (v) => ID.test(v),
      desde: (v) => FECHA.test(v),
      hasta: (v) => FECHA.test(v),
      tipo: (v) => v === "ingreso" || v === "gasto",
      origen: (v) => (ORIGENES_MOVIMIENTO as readonly string[]).includes(v),
    },
  });
  const filtrosApi = new URLSearchParams();
  for (const [clave, valor] of Object.entries(listado.filtros)) {
    if (valor !== "") filtrosApi.set(clave, valor);
  }
  if (listado.q) filtrosApi.set("q", listado.q);
  const consulta = new URLSearchParams(filtrosApi);
  consulta.set("page", String(listado.page));
  consulta.set("pageSize", String(listado.pageSize));
  const lista = useMovimientos(consulta);
  const cuentas = useCuentas();
  const categorias = useCategorias();
  const ajustes = useAjustes();
  const [modal, setModal] = useState<Modal | null>(null);
  const cerrar = () => setModal(null);

  const todasCuentas = cuentas.data?.items ?? [];
  const todasCategorias = categorias.data?.items ?? [];
  const totales = saldos(todasCuentas.filter((c) => c.activo));

  const columnas: DataTableColumn<Movimiento>[] = [
    {
      accessor: "fecha",
      title: t("tesoreria.campos.fecha"),
      render: (m) => formatearFecha(m.fecha),
    },
    {
      accessor: "concepto",
      title: t("tesoreria.campos.concepto"),
      render: (m) => (
        <Stack gap={2}>
          <Group gap={6} wrap="nowrap">
            <Text size="sm" fw={500}>
              {m.concepto}
            </Text>
            {m.numDocumentos > 0 ? (
              <IconPaperclip
                size={14}
                aria-label={t("tesoreria.libro.conDocumentos", { count: m.numDocumentos })}
              />
            ) : null}
          </Group>
          <Text size="xs" c="dimmed">
            {m.lineas
              .map((l) =>
                m.lineas.length > 1
                  ? `${nombreCategoria({ nombre: l.categoria, codigoPgc: l.codigoPgc })} ${euros(l.importe)}`
                  : nombreCategoria({ nombre: l.categoria, codigoPgc: l.codigoPgc }),
              )
              .join(" · ")}
            {m.proveedor ? ` · ${m.proveedor}` : ""}
          </Text>
          <Group gap={4}>
            {m.origen.tipo !== "manual" ? (
              <Badge size="xs" variant="light" miw="max-content">
                {t(`tesoreria.origenes.${m.origen.tipo}`)}
              </Badge>
            ) : null}
            {m.idCorregidoPor !== null ? (
              <Badge size="xs" variant="light" color="orange" miw="max-content">
                {t("tesoreria.libro.corregido")}
              </Badge>
            ) : null}
          </Group>
          {m.nota ? (
            <Text size="xs" c="dimmed" lineClamp={2}>
              {m.nota}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    { accessor: "cuenta", title: t("tesoreria.campos.cuenta") },
    {
      accessor: "importe",
      title: t("tesoreria.campos.importe"),
      textAlign: "right",
      render: (m) => (
        <Text
          size="sm"
          fw={500}
          c={m.importe < 0 ? "red.9" : "teal.9"}
          style={{ whiteSpace: "nowrap" }}
        >
          {euros(m.importe)}
        </Text>
      ),
    },
    {
      accessor: "saldo",
      title: t("tesoreria.campos.saldo"),
      textAlign: "right",
      render: (m) => <span style={{ whiteSpace: "nowrap" }}>{euros(m.saldo)}</span>,
    },
    {
      accessor: "acciones",
      title: "",
      textAlign: "right",
      render: (m) => (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon
              variant="subtle"
              aria-label={t("tesoreria.libro.acciones", { concepto: m.concepto })}
            >
              <IconDots size={18} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item
              leftSection={<IconPaperclip size={16} aria-hidden />}
              onClick={() => setModal({ tipo: "documentos", movimiento: m })}
            >
              {t("tesoreria.libro.documentos", { n: m.numDocumentos })}
            </Menu.Item>
            {m.idCorregidoPor === null && m.origen.tipo !== "contraasiento" ? (
              <Menu.Item
                leftSection={<IconArrowBackUp size={16} aria-hidden />}
                onClick={() => setModal({ tipo: "contraasiento", movimiento: m })}
              >
                {t("tesoreria.contraasiento.boton")}
              </Menu.Item>
            ) : null}
          </Menu.Dropdown>
        </Menu>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" data-testid="saldos-cuentas">
        {todasCuentas
          .filter((c) => c.activo)
          .map((c) => (
            <UnstyledButton
              key={c.id}
              onClick={() =>
                listado.cambiar({
                  idCuenta: listado.filtros.idCuenta === String(c.id) ? "" : String(c.id),
                })
              }
              aria-pressed={listado.filtros.idCuenta === String(c.id)}
            >
              <Paper
                withBorder
                radius="md"
                p="xs"
                bg={
                  listado.filtros.idCuenta === String(c.id)
                    ? "var(--mantine-primary-color-light)"
                    : undefined
                }
              >
                <Text size="xs" c="dimmed" truncate>
                  {c.nombre}
                </Text>
                <Text fw={600}>{euros(c.saldo)}</Text>
              </Paper>
            </UnstyledButton>
          ))}
        {todasCuentas.length > 1 ? (
          <Paper withBorder radius="md" p="xs">
            <Text size="xs" c="dimmed">
              {t("tesoreria.libro.total")}
            </Text>
            <Text fw={600}>{euros(totales.total)}</Text>
          </Paper>
        ) : null}
      </SimpleGrid>

      <Group gap="xs">
        <Button
          leftSection={<IconMinus size={16} aria-hidden />}
          onClick={() => setModal({ tipo: "nuevo", tipoMovimiento: "gasto" })}
          disabled={!cuentas.data || !categorias.data}
        >
          {t("tesoreria.movimiento.nuevoGasto")}
        </Button>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setModal({ tipo: "nuevo", tipoMovimiento: "ingreso" })}
          disabled={!cuentas.data || !categorias.data}
        >
          {t("tesoreria.movimiento.nuevoIngreso")}
        </Button>
      </Group>

      <Group gap="sm" align="flex-end">
        <CampoBusqueda
          busqueda={listado.busqueda}
          label={t("tesoreria.libro.buscar")}
          placeholder={t("tesoreria.libro.buscarAyuda")}
        />
        <Select
          label={t("tesoreria.campos.cuenta")}
          clearable
          w={180}
          data={todasCuentas.map((c) => ({ value: String(c.id), label: c.nombre }))}
          value={listado.filtros.idCuenta || null}
          onChange={(v) => listado.cambiar({ idCuenta: v ?? "" })}
        />
        <Select
          label={t("tesoreria.campos.categoria")}
          clearable
          searchable
          w={220}
          data={[
            {
              group: t("tesoreria.tipos.ingresos"),
              items: todasCategorias
                .filter((c) => c.tipo === "ingreso")
                .map((c) => ({ value: String(c.id), label: nombreCategoria(c) })),
            },
            {
              group: t("tesoreria.tipos.gastos"),
              items: todasCategorias
                .filter((c) => c.tipo === "gasto")
                .map((c) => ({ value: String(c.id), label: nombreCategoria(c) })),
            },
          ]}
          value={listado.filtros.idCategoria || null}
          onChange={(v) => listado.cambiar({ idCategoria: v ?? "" })}
        />
        <Select
          label={t("tesoreria.libro.tipo")}
          clearable
          w={140}
          data={[
            { value: "ingreso", label: t("tesoreria.tipos.ingresos") },
            { value: "gasto", label: t("tesoreria.tipos.gastos") },
          ]}
          value={listado.filtros.tipo || null}
          onChange={(v) => listado.cambiar({ tipo: v ?? "" })}
        />
        <Select
          label={t("tesoreria.libro.origen")}
          clearable
          w={180}
          data={ORIGENES_MOVIMIENTO.map((o) => ({ value: o, label: t(`tesoreria.origenes.${o}`) }))}
          value={listado.filtros.origen || null}
          onChange={(v) => listado.cambiar({ origen: v ?? "" })}
        />
        <CampoFecha
          label={t("tesoreria.libro.desde")}
          w={150}
          value={listado.filtros.desde}
          onChange={(v) => listado.cambiar({ desde: v })}
        />
        <CampoFecha
          label={t("tesoreria.libro.hasta")}
          w={150}
          value={listado.filtros.hasta}
          onChange={(v) => listado.cambiar({ hasta: v })}
        />
      </Group>

      <Group justify="space-between" gap="sm">
        <Text size="sm" data-testid="totales-libro">
          {lista.data
            ? t("tesoreria.libro.totales", {
                ingresos: euros(lista.data.totalIngresos),
                gastos: euros(lista.data.totalGastos),
                neto: euros(lista.data.neto),
              })
            : ""}
        </Text>
        <BotonesExportar
          ruta="/tesoreria/movimientos/export"
          consulta={filtrosApi}
          nombre="movimientos"
          textos={{ xlsx: t("tesoreria.exportarExcel"), csv: t("tesoreria.exportarCsv") }}
          textoError={t("tesoreria.errorExportar")}
        />
      </Group>

      <TablaListado
        lista={lista}
        listado={listado}
        titulo={t("tesoreria.libro.titulo")}
        vacio={t("tesoreria.libro.vacio")}
        tituloError={t("tesoreria.libro.errorCarga")}
        columns={columnas}
      />

      {modal?.tipo === "nuevo" ? (
        <MovimientoFormModal
          abierto
          tipoInicial={modal.tipoMovimiento}
          cuentas={todasCuentas}
          categorias={todasCategorias}
          idCuentaPorDefecto={
            listado.filtros.idCuenta
              ? Number(listado.filtros.idCuenta)
              : (ajustes.data?.idCuentaBanco ?? null)
          }
          alCerrar={cerrar}
        />
      ) : null}
      {modal?.tipo === "documentos" ? (
        <DocumentosModal movimiento={modal.movimiento} alCerrar={cerrar} />
      ) : null}
      {modal?.tipo === "contraasiento" ? (
        <ContraasientoModal movimiento={modal.movimiento} alCerrar={cerrar} />
      ) : null}
    </Stack>
  );
}
