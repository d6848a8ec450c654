import "mantine-datatable/styles.css";
import { formatearFecha, type Gallofa, type TipoGallofa, type TotalesGallofa } from "@fila/domain";
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import {
  IconFileSpreadsheet,
  IconFileTypePdf,
  IconPencil,
  IconPlus,
  IconSearch,
  IconTrash,
} from "@tabler/icons-react";
import { DataTable, type DataTableColumn } from "mantine-datatable";
import { useState } from "react";
import { Navigate, useSearchParams } from "react-router";
import { useSesion } from "../../app/session-store";
import { descargarDeApi } from "../../lib/descargar";
import { useTranslation } from "../../lib/i18n";
import { notificarError } from "../../lib/notificar";
import { useTextosTabla } from "../../lib/textos-tabla";
import { importe } from "../pagos/pagos-logica";
import { GallofaFormModal } from "./gallofa-form-modal";
import { useListaGallofa, useMutacionesGallofa, useResumenGallofa } from "./use-gallofa";

const TAMANYOS = [25, 50, 100];

function anyoDeUrl(params: URLSearchParams): number {
  const v = params.get("anyo") ?? "";
  return /^\d{4}$/.test(v) ? Number(v) : new Date().getFullYear();
}

/** `#/gallofa` (administrador): the year's contributions, totals against last year, exports. */
export function GallofaPage() {
  const { t } = useTranslation();
  const { usuario } = useSesion();
  const textosTabla = useTextosTabla();
  const [params, setParams] = useSearchParams();
  const anyo = anyoDeUrl(params);
  const [texto, setTexto] = useState("");
  const [q] = useDebouncedValue(texto.trim(), 300);
  const [tipo, setTipo] = useState<"" | TipoGallofa>("");
  const [page, setPage] = useState(1);
  const [porPagina, setPorPagina] = useState(50);
  const [editando, setEditando] = useState<Gallofa | "nueva" | null>(null);
  const [aBorrar, setABorrar] = useState<Gallofa | null>(null);
  const lista = useListaGallofa({
    anyo,
    tipo: tipo || undefined,
    q: q || undefined,
    page,
    pageSize: porPagina,
  });
  const resumen = useResumenGallofa(anyo);
  const { borrar } = useMutacionesGallofa();

  if (usuario.rol !== "administrador") return <Navigate to="/inicio" replace />;

  const descargar = (ruta: string, nombre: string) =>
    descargarDeApi(ruta, nombre).catch((e) => notificarError(e));

  const columnas: DataTableColumn<Gallofa>[] = [
    { accessor: "fecha", title: t("gallofa.campos.fecha"), render: (g) => formatearFecha(g.fecha) },
    {
      accessor: "nombre",
      title: t("gallofa.campos.quien"),
      render: (g) => (
        <Group gap={4} wrap="nowrap">
          <Text size="sm">{g.nombre}</Text>
          {g.idSocio ? (
            <Badge size="xs" variant="light">
              {t("gallofa.socio")}
            </Badge>
          ) : null}
          {g.anonimo ? (
            <Badge size="xs" variant="light" color="gray">
              {t("gallofa.anonimo")}
            </Badge>
          ) : null}
        </Group>
      ),
    },
    {
      accessor: "tipo",
      title: t("gallofa.campos.tipo"),
      render: (g) => t(`gallofa.tipos.${g.tipo}`),
    },
    {
      accessor: "importe",
      title: t("gallofa.campos.importe"),
      textAlign: "right",
      render: (g) => importe(g.importe),
    },
    { accessor: "descripcion", title: t("gallofa.campos.descripcion") },
    { accessor: "recogidoPor", title: t("gallofa.campos.recogidoPor") },
    {
      accessor: "acciones",
      title: t("gallofa.campos.acciones"),
      textAlign: "right",
      render: (g) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <ActionIcon
            variant="subtle"
            aria-label={t("gallofa.editar", { nombre: g.nombre })}
            onClick={() => setEditando(g)}
          >
            <IconPencil size={18} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t("gallofa.borrar", { nombre: g.nombre })}
            onClick={() => setABorrar(g)}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={1}>{t("gallofa.titulo")}</Title>
          <Text c="dimmed" size="sm">
            {t("gallofa.intro")}
          </Text>
        </Stack>
        <NumberInput
          label={t("gallofa.anyo")}
          value={anyo}
          min={2000}
          max={2100}
          w={110}
          onChange={(v) => {
            if (typeof v === "number" && v >= 2000 && v <= 2100) {
              setParams({ anyo: String(v) }, { replace: true });
              setPage(1);
            }
          }}
        />
      </Group>

      {resumen.data ? (
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Total
            titulo={t("gallofa.totales.dinero")}
            valor={importe(resumen.data.actual.dinero)}
            anterior={resumen.data.anterior}
            valorAnterior={importe(resumen.data.anterior.dinero)}
          />
          <Total
            titulo={t("gallofa.totales.especie")}
            valor={importe(resumen.data.actual.especie)}
            anterior={resumen.data.anterior}
            valorAnterior={importe(resumen.data.anterior.especie)}
          />
          <Total
            titulo={t("gallofa.totales.donantes")}
            valor={String(resumen.data.actual.donantes)}
            anterior={resumen.data.anterior}
            valorAnterior={String(resumen.data.anterior.donantes)}
            detalle={t("gallofa.totales.aportaciones", { n: resumen.data.actual.aportaciones })}
          />
        </SimpleGrid>
      ) : null}

      <Group gap="xs">
        <Button
          leftSection={<IconPlus size={18} aria-hidden />}
          onClick={() => setEditando("nueva")}
        >
          {t("gallofa.nueva")}
        </Button>
        <Button
          variant="light"
          leftSection={<IconFileTypePdf size={18} aria-hidden />}
          onClick={() =>
            descargar(
              `/gallofa/agradecimientos?anyo=${anyo}`,
              `gallofa-${anyo}-agradecimientos.pdf`,
            )
          }
        >
          {t("gallofa.agradecimientos")}
        </Button>
        <Button
          variant="default"
          leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
          onClick={() =>
            descargar(`/gallofa/export?anyo=${anyo}&formato=xlsx`, `gallofa-${anyo}.xlsx`)
          }
        >
          {t("gallofa.exportarXlsx")}
        </Button>
        <Button
          variant="default"
          leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
          onClick={() =>
            descargar(`/gallofa/export?anyo=${anyo}&formato=csv`, `gallofa-${anyo}.csv`)
          }
        >
          {t("gallofa.exportarCsv")}
        </Button>
      </Group>

      <Group gap="sm" align="flex-end">
        <TextInput
          type="search"
          aria-label={t("gallofa.buscar")}
          placeholder={t("gallofa.buscar")}
          leftSection={<IconSearch size={18} aria-hidden />}
          value={texto}
          onChange={(e) => {
            setTexto(e.currentTarget.value);
            setPage(1);
          }}
          style={{ flex: 1, minWidth: 220 }}
        />
        <SegmentedControl
          value={tipo}
          onChange={(v) => {
            setTipo(v as "" | TipoGallofa);
            setPage(1);
          }}
          data={[
            { value: "", label: t("gallofa.todos") },
            { value: "dinero", label: t("gallofa.tipos.dinero") },
            { value: "especie", label: t("gallofa.tipos.especie") },
          ]}
        />
      </Group>

      <DataTable
        {...textosTabla}
        withTableBorder
        striped
        minHeight={160}
        records={lista.data?.items ?? []}
        columns={columnas}
        fetching={lista.isFetching}
        totalRecords={lista.data?.total ?? 0}
        recordsPerPage={porPagina}
        recordsPerPageOptions={TAMANYOS}
        onRecordsPerPageChange={(n) => {
          setPorPagina(n);
          setPage(1);
        }}
        page={page}
        onPageChange={setPage}
        noRecordsText={t("gallofa.vacio")}
      />

      {editando ? (
        <GallofaFormModal
          aportacion={editando === "nueva" ? null : editando}
          alCerrar={() => setEditando(null)}
        />
      ) : null}
      <Modal
        opened={aBorrar !== null}
        onClose={() => setABorrar(null)}
        title={t("gallofa.borrar", { nombre: aBorrar?.nombre ?? "" })}
        closeButtonProps={{ "aria-label": t("gallofa.form.cancelar") }}
      >
        <Stack>
          <Text>
            {t("gallofa.confirmarBorrar", {
              nombre: aBorrar?.nombre ?? "",
              fecha: formatearFecha(aBorrar?.fecha ?? null),
            })}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setABorrar(null)}>
              {t("gallofa.form.cancelar")}
            </Button>
            <Button
              color="red"
              loading={borrar.isPending}
              onClick={() =>
                aBorrar &&
                borrar.mutate(aBorrar.id, {
                  onSuccess: () => {
                    notifications.show({ color: "green", message: t("gallofa.borrada") });
                    setABorrar(null);
                  },
                  onError: (e) => notificarError(e),
                })
              }
            >
              {t("mercadillo.borrar")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function Total({
  titulo,
  valor,
  anterior,
  valorAnterior,
  detalle,
}: {
  titulo: string;
  valor: string;
  anterior: TotalesGallofa;
  valorAnterior: string;
  detalle?: string;
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="md" aria-label={titulo} component="section">
      <Text size="sm" c="dimmed">
        {titulo}
      </Text>
      <Text fz={26} fw={700}>
        {valor}
      </Text>
      {detalle ? <Text size="xs">{detalle}</Text> : null}
      <Text size="xs" c="dimmed">
        {t("gallofa.totales.anterior", { anyo: anterior.anyo, valor: valorAnterior })}
      </Text>
    </Card>
  );
}
