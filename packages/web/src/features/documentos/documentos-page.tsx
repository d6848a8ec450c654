import { type Documento, formatearFecha } from "@fila/domain";
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Modal,
  NumberInput,
  Pagination,
  Stack,
  Text,
  Title,
  Tooltip,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconDownload, IconPencil, IconTrash, IconUpload } from "@tabler/icons-react";
import { useState } from "react";
import { useSesion } from "../../app/session-store";
import { useTranslation } from "../../lib/i18n";
import { CampoBusqueda, useListado } from "../../lib/listado";
import { notificarError } from "../../lib/notificar";
import { DocumentoFormModal } from "./documento-form-modal";
import { agruparPorCategoria, formatearTamanyo } from "./formato-documento";
import { descargarDocumento, useListaDocumentos, useMutacionesDocumentos } from "./use-documentos";

const POR_PAGINA = 50;

function anyoValido(v: number | string): boolean {
  const n = Number(v);
  return /^\d{4}$/.test(String(v)) && n >= 1900 && n <= 2200;
}

/**
 * Documents grouped by category, with search and year filter. Every signed-in role sees what
 * its visibility allows (the server decides); the administrador also uploads, edits and deletes.
 */
export function DocumentosPage() {
  const { t } = useTranslation();
  const { usuario } = useSesion();
  const esAdministrador = usuario.rol === "administrador";
  const listado = useListado({
    tamanyos: [POR_PAGINA],
    filtros: { anyo: "" },
    validar: { anyo: anyoValido },
  });
  const anyo = listado.filtros.anyo === "" ? null : Number(listado.filtros.anyo);
  const page = listado.page;
  const lista = useListaDocumentos({ q: listado.q, anyo, page, pageSize: POR_PAGINA });
  const { borrar } = useMutacionesDocumentos();
  const [formAbierto, setFormAbierto] = useState(false);
  const [editando, setEditando] = useState<Documento | null>(null);
  const [aBorrar, setABorrar] = useState<Documento | null>(null);
  const paginas = Math.ceil((lista.data?.total ?? 0) / POR_PAGINA);

  function abrir(doc: Documento | null) {
    setEditando(doc);
    setFormAbierto(true);
  }

  async function descargar(doc: Documento) {
    try {
      await descargarDocumento(doc);
    } catch (e) {
      notificarError(e, t("documentos.errorDescarga"));
    }
  }

  async function confirmarBorrado() {
    if (!aBorrar) return;
    const doc = aBorrar;
    try {
      await borrar.mutateAsync(doc.id);
      notifications.show({
        color: "green",
        message: t("documentos.avisos.borrado", { titulo: doc.titulo }),
      });
    } catch (e) {
      notificarError(e, t("documentos.errorBorrar"));
    } finally {
      setABorrar(null);
    }
  }

  const grupos = agruparPorCategoria(lista.data?.items ?? []);

  return (
    <Stack gap="md" maw={1000} mx="auto">
      <Group justify="space-between">
        <Title order={1}>{t("documentos.titulo")}</Title>
        {esAdministrador ? (
          <Button leftSection={<IconUpload size={18} aria-hidden />} onClick={() => abrir(null)}>
            {t("documentos.subir")}
          </Button>
        ) : null}
      </Group>
      <Group align="flex-end">
        <CampoBusqueda busqueda={listado.busqueda} label={t("documentos.buscar")} />
        <NumberInput
          label={t("documentos.filtroAnyo")}
          value={anyo ?? ""}
          onChange={(v) => listado.cambiar({ anyo: anyoValido(v) ? String(v) : "" })}
          allowDecimal={false}
          thousandSeparator={false}
          w={140}
        />
      </Group>

      {lista.isLoading ? (
        <Center mih={200}>
          <Loader aria-label={t("app.cargando")} />
        </Center>
      ) : grupos.length === 0 ? (
        <Text c="dimmed">{t("documentos.vacio")}</Text>
      ) : (
        grupos.map(([categoria, docs]) => (
          <Stack
            key={categoria}
            gap="xs"
            component="section"
            aria-label={categoria || t("documentos.sinCategoria")}
          >
            <Title order={2} size="h4">
              {categoria || t("documentos.sinCategoria")}
            </Title>
            {docs.map((doc) => (
              <Card key={doc.id} withBorder radius="md" padding="sm" data-testid="documento">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Stack gap={2}>
                    <Text fw={600}>{doc.titulo}</Text>
                    {doc.descripcion ? (
                      <Text size="sm" c="dimmed">
                        {doc.descripcion}
                      </Text>
                    ) : null}
                    <Group gap="xs">
                      {doc.anyo ? <Badge variant="light">{doc.anyo}</Badge> : null}
                      <Text size="xs" c="dimmed">
                        {doc.nombreArchivo} · {formatearTamanyo(doc.tamanyo)} ·{" "}
                        {formatearFecha(doc.subidoEn.slice(0, 10))}
                      </Text>
                      {esAdministrador ? (
                        <Badge
                          variant="outline"
                          color={doc.visibilidad === "administrador" ? "red" : "blue"}
                        >
                          {t(`documentos.visibilidades.${doc.visibilidad}`)}
                        </Badge>
                      ) : null}
                    </Group>
                  </Stack>
                  <Group gap={4} wrap="nowrap">
                    <Tooltip label={t("documentos.descargar")}>
                      <ActionIcon
                        variant="light"
                        aria-label={`${t("documentos.descargar")}: ${doc.titulo}`}
                        onClick={() => descargar(doc)}
                      >
                        <IconDownload size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                    {esAdministrador ? (
                      <>
                        <Tooltip label={t("documentos.editar")}>
                          <ActionIcon
                            variant="subtle"
                            aria-label={`${t("documentos.editar")}: ${doc.titulo}`}
                            onClick={() => abrir(doc)}
                          >
                            <IconPencil size={18} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label={t("documentos.borrar.accion")}>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`${t("documentos.borrar.accion")}: ${doc.titulo}`}
                            onClick={() => setABorrar(doc)}
                          >
                            <IconTrash size={18} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                      </>
                    ) : null}
                  </Group>
                </Group>
              </Card>
            ))}
          </Stack>
        ))
      )}

      {paginas > 1 ? (
        <Center>
          <Pagination total={paginas} value={page} onChange={listado.irAPagina} />
        </Center>
      ) : null}

      {esAdministrador ? (
        <DocumentoFormModal
          abierto={formAbierto}
          documento={editando}
          alCerrar={() => setFormAbierto(false)}
        />
      ) : null}
      <Modal
        opened={aBorrar !== null}
        onClose={() => setABorrar(null)}
        title={t("documentos.borrar.titulo")}
      >
        <Stack>
          <Text>{t("documentos.borrar.texto", { titulo: aBorrar?.titulo ?? "" })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setABorrar(null)}>
              {t("comun.cancelar")}
            </Button>
            <Button color="red" onClick={confirmarBorrado} loading={borrar.isPending}>
              {t("documentos.borrar.confirmar")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
