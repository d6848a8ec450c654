import {
  ESTADOS_PEDIDO_ONLINE,
  formatearFechaHora,
  type ListaPedidosOnline,
  METODOS_PAGO_ONLINE,
  mensajeDeError,
} from "@fila/domain";
import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Pagination,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { IconDownload, IconFileSpreadsheet, IconSearch } from "@tabler/icons-react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { api } from "../../lib/api";
import { descargarDeApi } from "../../lib/descargar";
import { useTranslation } from "../../lib/i18n";
import { importe } from "./pagos-logica";

const COLOR = { pendiente: "yellow", pagado: "green", denegado: "red" } as const;
/** Orders per page of the list (paginated on the server). */
const POR_PAGINA = 50;

/** The «Pagos en línea» tab of Pagos (board): the online orders, filtered and exportable. */
export function PedidosOnline() {
  const { t } = useTranslation();
  const [texto, setTexto] = useState("");
  const [q] = useDebouncedValue(texto.trim(), 350);
  const [estado, setEstado] = useState<string | null>(null);
  const [metodo, setMetodo] = useState<string | null>(null);
  const [exportando, setExportando] = useState(false);
  const [page, setPage] = useState(1);
  const filtros = new URLSearchParams();
  if (q) filtros.set("q", q);
  if (estado) filtros.set("estado", estado);
  if (metodo) filtros.set("metodo", metodo);
  const consulta = filtros.toString();
  // A change of filters starts again at the first page.
  const [consultaDePagina, setConsultaDePagina] = useState(consulta);
  if (consultaDePagina !== consulta) {
    setConsultaDePagina(consulta);
    setPage(1);
  }
  const lista = useQuery({
    queryKey: ["pagos", "pedidos-online", consulta, page],
    queryFn: ({ signal }) =>
      api.get<ListaPedidosOnline>(
        `/pagos/pedidos-online?page=${page}&pageSize=${POR_PAGINA}&${consulta}`,
        signal,
      ),
    placeholderData: keepPreviousData,
  });
  const paginas = Math.ceil((lista.data?.total ?? 0) / POR_PAGINA);

  async function exportar(formato: "csv" | "xlsx") {
    setExportando(true);
    try {
      const p = new URLSearchParams(filtros);
      p.set("formato", formato);
      await descargarDeApi(`/pagos/pedidos-online/export?${p}`, `pagos-en-linea.${formato}`);
    } catch (error) {
      notifications.show({
        color: "red",
        title: t("pagos.errorExportar"),
        message: mensajeDeError(error),
      });
    } finally {
      setExportando(false);
    }
  }

  return (
    <Stack gap="sm" component="section" aria-labelledby="pedidos-online">
      <Group justify="space-between">
        <Title order={2} size="h3" id="pedidos-online">
          {t("pagoOnline.pedidos.titulo")}
        </Title>
        <Group gap="xs">
          <Button
            variant="default"
            size="xs"
            leftSection={<IconDownload size={14} aria-hidden />}
            disabled={exportando}
            onClick={() => void exportar("csv")}
          >
            {t("pagos.exportarCsv")}
          </Button>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconFileSpreadsheet size={14} aria-hidden />}
            disabled={exportando}
            onClick={() => void exportar("xlsx")}
          >
            {t("pagos.exportarExcel")}
          </Button>
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" role="search">
        <TextInput
          type="search"
          label={t("pagoOnline.pedidos.buscar")}
          placeholder={t("pagoOnline.pedidos.buscarAyuda")}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={texto}
          onChange={(e) => setTexto(e.currentTarget.value)}
        />
        <Select
          label={t("pagoOnline.pedidos.estado")}
          placeholder={t("pagos.todos")}
          data={ESTADOS_PEDIDO_ONLINE.map((e) => ({
            value: e,
            label: t(`pagoOnline.estados.${e}`),
          }))}
          value={estado}
          onChange={setEstado}
          clearable
        />
        <Select
          label={t("pagoOnline.metodo")}
          placeholder={t("pagos.todos")}
          data={METODOS_PAGO_ONLINE.map((m) => ({ value: m, label: t(`pagoOnline.${m}`) }))}
          value={metodo}
          onChange={setMetodo}
          clearable
        />
      </SimpleGrid>
      {lista.isError ? (
        <Alert role="alert" color="red">
          {mensajeDeError(lista.error)}
        </Alert>
      ) : null}
      <Table.ScrollContainer minWidth={800} scrollAreaProps={{ viewportProps: { tabIndex: 0 } }}>
        <Table striped aria-labelledby="pedidos-online">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("pagoOnline.pedidos.fecha")}</Table.Th>
              <Table.Th>{t("pagoOnline.pedidos.socio")}</Table.Th>
              <Table.Th>{t("pagoOnline.cargos")}</Table.Th>
              <Table.Th>{t("pagoOnline.pedidos.importe")}</Table.Th>
              <Table.Th>{t("pagoOnline.metodo")}</Table.Th>
              <Table.Th>{t("pagoOnline.pedidos.estado")}</Table.Th>
              <Table.Th>{t("pagoOnline.pedidos.autorizacion")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(lista.data?.items ?? []).map((p) => (
              <Table.Tr key={p.numero}>
                <Table.Td>
                  {formatearFechaHora(p.fecha)}
                  <Text size="xs" c="dimmed">
                    {p.numero}
                  </Text>
                </Table.Td>
                <Table.Td>{p.socio}</Table.Td>
                <Table.Td>{p.cargos.map((c) => c.concepto).join(", ")}</Table.Td>
                <Table.Td>{importe(p.importe)}</Table.Td>
                <Table.Td>{t(`pagoOnline.${p.metodo}`)}</Table.Td>
                <Table.Td>
                  <Badge color={COLOR[p.estado]} variant="light" title={p.motivo}>
                    {t(`pagoOnline.estados.${p.estado}`)}
                  </Badge>
                  {p.prueba ? (
                    <Badge color="orange" variant="outline" ml={4}>
                      {t("pagoOnline.dePrueba")}
                    </Badge>
                  ) : null}
                </Table.Td>
                <Table.Td>{p.codigoAutorizacion}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {lista.data && lista.data.items.length === 0 ? (
        <Text c="dimmed">{t("pagoOnline.pedidos.vacio")}</Text>
      ) : null}
      {paginas > 1 ? (
        <Center>
          <Pagination total={paginas} value={Math.min(page, paginas)} onChange={setPage} />
        </Center>
      ) : null}
    </Stack>
  );
}
