import { formatearFecha, hoyIso, type Loteria, mensajeDeError, type Talonario } from "@fila/domain";
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Menu,
  Paper,
  Select,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import {
  IconDots,
  IconEdit,
  IconFileTypePdf,
  IconPlus,
  IconQrcode,
  IconTrophy,
} from "@tabler/icons-react";
import type { DataTableColumn } from "mantine-datatable";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { descargarDeApi } from "../../lib/descargar";
import { useTranslation } from "../../lib/i18n";
import { BotonesExportar, CampoBusqueda, useListado } from "../../lib/listado";
import { notificarError } from "../../lib/notificar";
import { TablaListado } from "../../lib/tabla-listado";
import { EstadoBadge } from "../pagos/estado-badge";
import { importe, nombrePersona } from "../pagos/pagos-logica";
import { BarraContadores } from "./barra-contadores";
import { DigitalModal } from "./digital-modal";
import { AnularModal, AsignarModal, EmitirModal, PremiosModal } from "./junta-modales";
import { LiquidarModal } from "./liquidar-modal";
import { LoteriaFormModal } from "./loteria-form-modal";
import { loteriaElegida } from "./loteria-logica";
import { PagosPremios } from "./pagos-premios";
import { useLoterias, useTalonarios } from "./use-loteria";

// Loaded lazily by the Cuotas page (`#/productos?vista=loteria`): its first load stays the list
// of products.

/** «Lotería» on the Cuotas page (board): the lottery, its counters, talonarios and prizes. */
export function LoteriaTab() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const lista = useLoterias();
  const [form, setForm] = useState<{ loteria: Loteria | null } | null>(null);
  const loterias = lista.data?.items ?? [];
  const loteria = loteriaElegida(loterias, params.get("loteria"));

  function elegir(id: number) {
    setParams({ vista: "loteria", loteria: String(id) }, { replace: true });
  }

  if (lista.isPending) {
    return (
      <Center mih={200}>
        <Loader aria-label={t("app.cargando")} />
      </Center>
    );
  }
  if (lista.isError) {
    return (
      <Alert role="alert" color="red" title={t("loteria.errorCarga")}>
        {mensajeDeError(lista.error)}
      </Alert>
    );
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        {loterias.length > 1 && loteria ? (
          <Select
            label={t("loteria.elegir")}
            data={loterias.map((l) => ({ value: String(l.id), label: l.nombre }))}
            value={String(loteria.id)}
            onChange={(v) => v && elegir(Number(v))}
            allowDeselect={false}
            maw={320}
          />
        ) : (
          <span />
        )}
        <Group gap="xs">
          {loterias.length > 0 ? (
            <BotonesExportar
              ruta="/loterias/export"
              consulta={new URLSearchParams()}
              nombre="loterias"
              textos={{
                xlsx: t("loteria.exportarLoteriasExcel"),
                csv: t("loteria.exportarLoteriasCsv"),
              }}
              textoError={t("loteria.errorExportar")}
            />
          ) : null}
          {loteria ? (
            <Button
              variant="default"
              leftSection={<IconEdit size={16} aria-hidden />}
              onClick={() => setForm({ loteria })}
            >
              {t("loteria.editar")}
            </Button>
          ) : null}
          <Button
            variant={loteria ? "light" : "filled"}
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setForm({ loteria: null })}
          >
            {t("loteria.nueva")}
          </Button>
        </Group>
      </Group>

      {loteria ? (
        <PanelLoteria key={loteria.id} loteria={loteria} />
      ) : (
        <Text c="dimmed">{t("loteria.sinLoterias")}</Text>
      )}

      <LoteriaFormModal
        abierto={form !== null}
        loteria={form?.loteria ?? null}
        alCerrar={() => setForm(null)}
        alGuardar={(l) => elegir(l.id)}
      />
    </Stack>
  );
}

type Modal =
  | { tipo: "emitir" | "premios" | "digital" }
  | { tipo: "asignar" | "liquidar" | "anular"; talonario: Talonario };

/** One lottery: its details, counters, talonarios and, once the prizes are in, the payout list. */
function PanelLoteria({ loteria }: { loteria: Loteria }) {
  const { t } = useTranslation();
  const [modal, setModal] = useState<Modal | null>(null);
  const cerrar = () => setModal(null);
  const talonario = (tipo: "asignar" | "liquidar" | "anular") =>
    modal?.tipo === tipo && "talonario" in modal ? modal.talonario : null;
  // The day in Spain, as the API counts it (not UTC: from midnight to 01:00 the button hid).
  const sorteoHecho = loteria.fechaSorteo <= hoyIso();

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="loteria-nombre">
        <Stack gap={6}>
          <Group justify="space-between" gap="xs">
            <Title order={2} size="h3" id="loteria-nombre">
              {loteria.nombre}
            </Title>
            <Badge color={loteria.plazoAbierto ? "green" : "gray"} variant="light">
              {loteria.plazoAbierto ? t("loteria.plazoAbierto") : t("loteria.plazoCerrado")}
            </Badge>
          </Group>
          <Text size="sm">
            {t("loteria.resumen.sorteo", {
              sorteo: loteria.sorteo,
              fecha: formatearFecha(loteria.fechaSorteo),
            })}
          </Text>
          <Text size="sm">
            {t("loteria.resumen.numeros", {
              numeros: loteria.numeros.map((n) => `${n.numero} (${n.decimos})`).join(", "),
              precioDecimo: importe(loteria.precioDecimo),
            })}
          </Text>
          <Text size="sm">
            {t("loteria.resumen.precio", {
              precio: importe(loteria.precio),
              jugado: importe(loteria.importeJugado),
              donativo: importe(loteria.donativo),
            })}
          </Text>
          <Text size="sm">
            {t("loteria.resumen.fechaLimite", {
              fecha: formatearFecha(loteria.fechaLimiteDevolucion),
            })}
          </Text>
          {loteria.autorizacionRecargo ? (
            <Text size="xs" c="dimmed">
              {t("loteria.resumen.autorizacion", { texto: loteria.autorizacionRecargo })}
            </Text>
          ) : null}
          <Group gap="xs" mt="xs">
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setModal({ tipo: "emitir" })}
            >
              {t("loteria.emitir.boton")}
            </Button>
            <Button
              variant="light"
              leftSection={<IconQrcode size={16} aria-hidden />}
              onClick={() => setModal({ tipo: "digital" })}
            >
              {t("loteria.digital.boton")}
            </Button>
            {sorteoHecho ? (
              <Button
                variant="light"
                color="yellow"
                leftSection={<IconTrophy size={16} aria-hidden />}
                onClick={() => setModal({ tipo: "premios" })}
              >
                {t("loteria.premios.boton")}
              </Button>
            ) : null}
          </Group>
        </Stack>
      </Paper>

      <BarraContadores contadores={loteria.contadores} />

      <TablaTalonarios
        loteria={loteria}
        alElegir={(tipo, tal) => setModal({ tipo, talonario: tal })}
      />

      {loteria.premiosAnotados ? <PagosPremios loteria={loteria} /> : null}

      <EmitirModal loteria={loteria} abierto={modal?.tipo === "emitir"} alCerrar={cerrar} />
      <PremiosModal loteria={loteria} abierto={modal?.tipo === "premios"} alCerrar={cerrar} />
      <DigitalModal idLoteria={loteria.id} abierto={modal?.tipo === "digital"} alCerrar={cerrar} />
      <AsignarModal talonario={talonario("asignar")} alCerrar={cerrar} />
      <AnularModal talonario={talonario("anular")} alCerrar={cerrar} />
      <LiquidarModal talonario={talonario("liquidar")} precio={loteria.precio} alCerrar={cerrar} />
    </Stack>
  );
}

const ESTADOS = ["pendiente", "liquidado"] as const;

/** The talonarios of a lottery, paginated on the server, with their actions and exports. */
function TablaTalonarios({
  loteria,
  alElegir,
}: {
  loteria: Loteria;
  alElegir: (tipo: "asignar" | "liquidar" | "anular", t: Talonario) => void;
}) {
  const { t } = useTranslation();
  const listado = useListado({
    tamanyos: [25, 50, 100],
    filtros: { estado: "" },
    validar: { estado: (v) => (ESTADOS as readonly string[]).includes(v) },
  });
  const consulta = new URLSearchParams({
    page: String(listado.page),
    pageSize: String(listado.pageSize),
  });
  const filtros = new URLSearchParams();
  if (listado.q) filtros.set("q", listado.q);
  if (listado.filtros.estado) filtros.set("estado", listado.filtros.estado);
  for (const [k, v] of filtros) consulta.set(k, v);
  const lista = useTalonarios(loteria.id, consulta);

  async function pdf(tal: Talonario) {
    try {
      await descargarDeApi(
        `/loterias/${loteria.id}/talonarios/${tal.id}/pdf`,
        `talonario-${tal.serieDesde}-${tal.serieHasta}.pdf`,
      );
    } catch (e) {
      notificarError(e, t("loteria.talonarios.errorPdf"));
    }
  }

  const columnas: DataTableColumn<Talonario>[] = [
    {
      accessor: "serieDesde",
      title: t("loteria.talonarios.series"),
      render: (tal) => `${tal.serieDesde}–${tal.serieHasta}`,
    },
    {
      accessor: "socio",
      title: t("loteria.talonarios.titular"),
      render: (tal) => (tal.socio ? nombrePersona(tal.socio) : t("loteria.talonarios.junta")),
    },
    {
      accessor: "estado",
      title: t("loteria.talonarios.estado"),
      render: (tal) => (
        <Badge
          variant="light"
          color={tal.estado === "liquidado" ? "green" : "blue"}
          miw="max-content"
        >
          {t(`loteria.estadosTalonario.${tal.estado}`)}
        </Badge>
      ),
    },
    {
      accessor: "vendidas",
      title: t("loteria.talonarios.liquidacion"),
      render: (tal) => (
        <Stack gap={0}>
          <Text size="sm">
            {t("loteria.talonarios.cuentas", {
              vendidas: tal.vendidas,
              devueltas: tal.devueltas,
              anuladas: tal.anuladas,
            })}
          </Text>
          {tal.liquidadoPor ? (
            <Text size="xs" c="dimmed">
              {t(`loteria.liquidadoPor.${tal.liquidadoPor}`)}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      accessor: "total",
      title: t("loteria.talonarios.importe"),
      textAlign: "right",
      render: (tal) => (tal.estado === "liquidado" ? importe(tal.total) : "–"),
    },
    {
      accessor: "cargo",
      title: t("loteria.talonarios.cargo"),
      render: (tal) => (tal.cargo ? <EstadoBadge estado={tal.cargo.estado} /> : null),
    },
    {
      accessor: "acciones",
      title: t("loteria.talonarios.acciones"),
      textAlign: "right",
      render: (tal) => {
        const rango = `${tal.serieDesde}–${tal.serieHasta}`;
        const pendiente = tal.estado === "pendiente";
        return (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon
                variant="subtle"
                aria-label={t("loteria.talonarios.accionesDe", { rango })}
              >
                <IconDots size={18} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item disabled={!pendiente} onClick={() => alElegir("liquidar", tal)}>
                {t("loteria.talonarios.liquidar")}
              </Menu.Item>
              <Menu.Item disabled={!pendiente} onClick={() => alElegir("asignar", tal)}>
                {t("loteria.talonarios.asignar")}
              </Menu.Item>
              <Menu.Item color="red" disabled={!pendiente} onClick={() => alElegir("anular", tal)}>
                {t("loteria.talonarios.anular")}
              </Menu.Item>
              <Menu.Item
                leftSection={<IconFileTypePdf size={16} aria-hidden />}
                onClick={() => void pdf(tal)}
              >
                {t("loteria.talonarios.pdf")}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        );
      },
    },
  ];

  return (
    <Stack gap="sm" component="section" aria-labelledby="loteria-talonarios">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={2} size="h4" id="loteria-talonarios">
          {t("loteria.talonarios.titulo")}
        </Title>
        <BotonesExportar
          ruta={`/loterias/${loteria.id}/talonarios/export`}
          consulta={filtros}
          nombre="talonarios"
          textos={{ xlsx: t("loteria.exportarExcel"), csv: t("loteria.exportarCsv") }}
          textoError={t("loteria.errorExportar")}
        />
      </Group>
      <Group gap="sm" align="flex-end">
        <CampoBusqueda
          busqueda={listado.busqueda}
          type="search"
          label={t("loteria.talonarios.buscar")}
        />
        <Select
          label={t("loteria.talonarios.estado")}
          placeholder={t("loteria.todos")}
          data={ESTADOS.map((e) => ({ value: e, label: t(`loteria.estadosTalonario.${e}`) }))}
          value={listado.filtros.estado || null}
          onChange={(v) => listado.cambiar({ estado: v ?? "" })}
          clearable
          w={200}
        />
      </Group>
      <TablaListado<Talonario>
        lista={lista}
        listado={listado}
        titulo={t("loteria.talonarios.titulo")}
        vacio={t("loteria.talonarios.vacio")}
        tituloError={t("loteria.talonarios.errorCarga")}
        columns={columnas}
        idAccessor="id"
      />
    </Stack>
  );
}
