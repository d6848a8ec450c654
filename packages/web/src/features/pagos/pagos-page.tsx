import { mensajeDeError } from "@fila/domain";
import {
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import {
  IconCash,
  IconDownload,
  IconFileSpreadsheet,
  IconPlus,
  IconReceipt,
  IconSearch,
} from "@tabler/icons-react";
import { useEffect, useMemo, useState } from "react";
import { Navigate, useSearchParams } from "react-router";
import { useSesion } from "../../app/session-store";
import { descargarDeApi } from "../../lib/descargar";
import { useTranslation } from "../../lib/i18n";
import { useProductos } from "../productos/use-productos";
import { useFormasPago } from "../socios/use-socios";
import { useAccionesPago } from "./acciones-pago";
import { EmisionModal } from "./emision-modal";
import { NuevoCargoModal } from "./nuevo-cargo-modal";
import { usePagoOnlineActivo } from "./pago-online";
import { filtrosPagosAApi, filtrosPagosAUrl, filtrosPagosDesdeUrl, importe } from "./pagos-logica";
import { PedidosOnline } from "./pedidos-online";
import { TablaPagos } from "./tabla-pagos";
import { ESTADOS_PAGO, type FiltrosPagos, type PagoApi } from "./tipos";
import { Totales } from "./totales-pagos";
import { useListaPagos } from "./use-pagos";

type Formato = "csv" | "xlsx";

/** `#/pagos` (administrador): every charge, filtered, with totals, collections and exports. */
export function PagosPage() {
  const { t } = useTranslation();
  const { usuario } = useSesion();
  const [params, setParams] = useSearchParams();
  const filtros = useMemo(() => filtrosPagosDesdeUrl(params), [params]);
  const [texto, setTexto] = useState(filtros.q);
  const [textoDebounced] = useDebouncedValue(texto.trim(), 350);
  const lista = useListaPagos(filtros);
  const anyoNumero = filtros.anyo === "" ? new Date().getFullYear() : Number(filtros.anyo);
  const productos = useProductos(filtros.anyo === "" ? null : anyoNumero);
  const formas = useFormasPago();
  const { acciones, modales, cobrarVarios } = useAccionesPago();
  const [elegidos, setElegidos] = useState<PagoApi[]>([]);
  const [cargoAbierto, setCargoAbierto] = useState(false);
  const [emisionAbierta, setEmisionAbierta] = useState(false);
  const [exportando, setExportando] = useState<Formato | null>(null);
  // With online payment on, a second tab lists the orders (`?vista=online`).
  const pagoOnline = usePagoOnlineActivo();
  const vista = pagoOnline && params.get("vista") === "online" ? "online" : "cargos";

  function cambiar(cambio: Partial<FiltrosPagos>) {
    const siguiente = { ...filtros, ...cambio };
    // A new filter starts again at page 1 and with nothing selected.
    if (!("page" in cambio)) siguiente.page = 1;
    setElegidos([]);
    setParams(filtrosPagosAUrl(siguiente), { replace: true });
  }

  // The search box writes `q` once the person stops typing.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the debounced text triggers it
  useEffect(() => {
    if (textoDebounced !== filtros.q) cambiar({ q: textoDebounced });
  }, [textoDebounced]);

  if (usuario.rol !== "administrador") return <Navigate to="/mispagos" replace />;

  async function exportar(formato: Formato) {
    setExportando(formato);
    try {
      const consulta = filtrosPagosAApi(filtros, true);
      consulta.set("formato", formato);
      await descargarDeApi(`/pagos/export?${consulta.toString()}`, `pagos.${formato}`);
    } catch (error) {
      notifications.show({
        color: "red",
        title: t("pagos.errorExportar"),
        message: mensajeDeError(error),
      });
    } finally {
      setExportando(null);
    }
  }

  const sumaElegidos = elegidos.reduce((s, p) => s + Math.round(p.importe * 100), 0) / 100;

  return (
    <Stack gap="md" maw={1400} mx="auto">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {t("pagos.titulo")}
        </Title>
        {vista === "cargos" ? (
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              loading={exportando === "csv"}
              disabled={exportando !== null}
              onClick={() => void exportar("csv")}
            >
              {t("pagos.exportarCsv")}
            </Button>
            <Button
              variant="default"
              leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
              loading={exportando === "xlsx"}
              disabled={exportando !== null}
              onClick={() => void exportar("xlsx")}
            >
              {t("pagos.exportarExcel")}
            </Button>
            <Button
              variant="light"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setCargoAbierto(true)}
            >
              {t("pagos.nuevoCargo")}
            </Button>
            <Button
              leftSection={<IconReceipt size={16} aria-hidden />}
              onClick={() => setEmisionAbierta(true)}
            >
              {t("pagos.emitirCuotas")}
            </Button>
          </Group>
        ) : null}
      </Group>

      {pagoOnline ? (
        <Tabs
          value={vista}
          onChange={(v) =>
            setParams(v === "online" ? { vista: "online" } : filtrosPagosAUrl(filtros), {
              replace: true,
            })
          }
          keepMounted={false}
        >
          <Tabs.List>
            <Tabs.Tab value="cargos">{t("pagoOnline.pedidos.cargos")}</Tabs.Tab>
            <Tabs.Tab value="online">{t("pagoOnline.pedidos.titulo")}</Tabs.Tab>
          </Tabs.List>
        </Tabs>
      ) : null}

      {vista === "online" ? (
        <PedidosOnline />
      ) : (
        <>
          <Stack gap="sm" role="search" aria-label={t("pagos.filtros")}>
            <TextInput
              type="search"
              label={t("pagos.buscar")}
              placeholder={t("pagos.buscarAyuda")}
              leftSection={<IconSearch size={16} aria-hidden />}
              value={texto}
              onChange={(e) => setTexto(e.currentTarget.value)}
            />
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
              <NumberInput
                label={t("pagos.campos.anyo")}
                placeholder={t("pagos.todos")}
                min={2000}
                max={2100}
                allowDecimal={false}
                allowNegative={false}
                thousandSeparator={false}
                value={filtros.anyo === "" ? "" : Number(filtros.anyo)}
                onChange={(v) => {
                  const anyo = v === "" ? "" : String(v);
                  if (anyo === "" || /^\d{4}$/.test(anyo)) cambiar({ anyo, idProducto: "" });
                }}
              />
              <Select
                label={t("pagos.campos.producto")}
                placeholder={t("pagos.todos")}
                data={(productos.data?.items ?? []).map((p) => ({
                  value: String(p.id),
                  label: p.nombre,
                }))}
                value={filtros.idProducto || null}
                onChange={(v) => cambiar({ idProducto: v ?? "" })}
                clearable
                searchable
              />
              <Select
                label={t("pagos.campos.estado")}
                placeholder={t("pagos.todos")}
                data={ESTADOS_PAGO.map((e) => ({ value: e, label: t(`pagos.estados.${e}`) }))}
                value={filtros.estado || null}
                onChange={(v) => cambiar({ estado: (v ?? "") as FiltrosPagos["estado"] })}
                clearable
              />
              <Select
                label={t("pagos.campos.formaPago")}
                placeholder={t("pagos.todas")}
                data={(formas.data ?? []).map((f) => ({ value: String(f.id), label: f.nombre }))}
                value={filtros.idFormaPago || null}
                onChange={(v) => cambiar({ idFormaPago: v ?? "" })}
                clearable
              />
            </SimpleGrid>
          </Stack>

          {lista.isError ? (
            <Alert role="alert" color="red" title={t("pagos.errorCarga")}>
              {mensajeDeError(lista.error)}
            </Alert>
          ) : null}

          <Totales datos={lista.data} />

          {elegidos.length > 0 ? (
            <Paper withBorder p="sm" radius="md" bg="var(--mantine-color-green-light)">
              <Group justify="space-between">
                <Text size="sm" fw={500}>
                  {t("pagos.seleccion", { count: elegidos.length, importe: importe(sumaElegidos) })}
                </Text>
                <Button
                  color="green"
                  leftSection={<IconCash size={16} aria-hidden />}
                  onClick={() => cobrarVarios(elegidos, () => setElegidos([]))}
                >
                  {t("pagos.registrarCobroElegidos")}
                </Button>
              </Group>
            </Paper>
          ) : null}

          <TablaPagos
            datos={lista.data}
            cargando={lista.isFetching}
            filtros={filtros}
            alCambiar={cambiar}
            acciones={acciones}
            seleccion={{ elegidos, alElegir: setElegidos }}
          />

          {modales}
          <NuevoCargoModal
            abierto={cargoAbierto}
            anyo={anyoNumero}
            alCerrar={() => setCargoAbierto(false)}
          />
          <EmisionModal
            abierto={emisionAbierta}
            anyoInicial={anyoNumero}
            alCerrar={() => setEmisionAbierta(false)}
            alEmitir={(anyo) => cambiar({ anyo: String(anyo), idProducto: "", estado: "" })}
          />
        </>
      )}
    </Stack>
  );
}
