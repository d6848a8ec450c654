import "@mantine/tiptap/styles.css";
import {
  AUDIENCIAS_NOTICIA,
  type AudienciaNoticia,
  hoyIso,
  mensajeDeError,
  type Noticia,
  type NoticiaEntrada,
} from "@fila/domain";
import {
  Alert,
  Button,
  FileInput,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Switch,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { RichTextEditor } from "@mantine/tiptap";
import { IconPhoto } from "@tabler/icons-react";
import { useEditor } from "@tiptap/react";
import { useEffect, useState } from "react";
import { api } from "../../lib/api";
import { CampoFecha } from "../../lib/campo-fecha";
import { useTranslation } from "../../lib/i18n";
import { IdiomasDelTexto } from "../idioma/idiomas-del-texto";
import { erroresDeServidor } from "../socios/errores-formulario";
import { ContenidoNoticia } from "./contenido-noticia";
import { BarraEditor, extensionesEditor } from "./editor-comun";
import { etiquetasEditor } from "./etiquetas-editor";
import { PortadaNoticia } from "./portada-noticia";
import { useMutacionesNoticias } from "./use-noticias";

const CAMPOS = [
  "titulo",
  "resumen",
  "contenido",
  "fecha",
  "audiencia",
  "tituloVa",
  "resumenVa",
  "contenidoVa",
] as const;
const TIPOS_PORTADA = "image/jpeg,image/png,image/webp";

function entradaInicial(n: Noticia | null): NoticiaEntrada {
  return {
    titulo: n?.titulo ?? "",
    resumen: n?.resumen ?? "",
    contenido: n?.contenido ?? "",
    fecha: n?.fecha ?? hoyIso(),
    publicada: n?.publicada ?? false,
    destacada: n?.destacada ?? false,
    audiencia: n?.audiencia ?? "todos",
    tituloVa: n?.tituloVa ?? "",
    resumenVa: n?.resumenVa ?? "",
    contenidoVa: n?.contenidoVa ?? "",
  };
}

type Props = { abierto: boolean; noticia: Noticia | null; alCerrar: () => void };

/** Write or change a news item: fields, rich text body, cover, and a preview as readers see it. */
export function EditorNoticia({ abierto, noticia, alCerrar }: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={abierto}
      onClose={alCerrar}
      size="xl"
      title={noticia ? t("noticias.editor.tituloEditar") : t("noticias.editor.tituloNueva")}
    >
      {abierto ? <FormularioNoticia noticia={noticia} alCerrar={alCerrar} /> : null}
    </Modal>
  );
}

function FormularioNoticia({ noticia, alCerrar }: Omit<Props, "abierto">) {
  const { t } = useTranslation();
  const { crear, guardar, portada } = useMutacionesNoticias();
  const [datos, setDatos] = useState<NoticiaEntrada>(() => entradaInicial(noticia));
  const [archivo, setArchivo] = useState<File | null>(null);
  const [errores, setErrores] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [pestanya, setPestanya] = useState<string | null>("editar");
  const [vistaPrevia, setVistaPrevia] = useState<string | null>(null);
  const guardando = crear.isPending || guardar.isPending || portada.isPending;

  const editor = useEditor({
    extensions: extensionesEditor(),
    content: datos.contenido,
    immediatelyRender: true,
    onUpdate: ({ editor: e }) => setDatos((d) => ({ ...d, contenido: e.getHTML() })),
  });
  // The same item in Valencian (issue 38): optional; a reader in Valencian gets it when written.
  const editorVa = useEditor({
    extensions: extensionesEditor(),
    content: datos.contenidoVa,
    immediatelyRender: true,
    onUpdate: ({ editor: e }) =>
      setDatos((d) => ({ ...d, contenidoVa: e.isEmpty ? "" : e.getHTML() })),
  });

  useEffect(() => {
    if (pestanya !== "vista") return;
    let vigente = true;
    setVistaPrevia(null);
    api
      .post<{ contenido: string }>("/noticias/vista-previa", { contenido: datos.contenido })
      .then((r) => vigente && setVistaPrevia(r.contenido))
      .catch((e) => vigente && setError(mensajeDeError(e)));
    return () => {
      vigente = false;
    };
  }, [pestanya, datos.contenido]);

  const cambiar = <K extends keyof NoticiaEntrada>(campo: K, valor: NoticiaEntrada[K]) =>
    setDatos((d) => ({ ...d, [campo]: valor }));

  async function enviar(evento: React.FormEvent) {
    evento.preventDefault();
    setErrores({});
    setError(null);
    try {
      const guardada = noticia
        ? await guardar.mutateAsync({ id: noticia.id, datos })
        : await crear.mutateAsync(datos);
      if (archivo) await portada.mutateAsync({ id: guardada.id, archivo });
      notifications.show({
        color: "green",
        message: t("noticias.avisos.guardada", { titulo: guardada.titulo }),
      });
      alCerrar();
    } catch (e) {
      const servidor = erroresDeServidor(e, CAMPOS);
      setErrores(servidor.campos);
      setError(servidor.general);
      setPestanya("editar");
    }
  }

  return (
    <form onSubmit={enviar} noValidate>
      {/* The languages it is written in (issue 38): Valencian once it has its title. */}
      <Group justify="flex-end" mb={4}>
        <IdiomasDelTexto es={datos.titulo} va={datos.tituloVa} />
      </Group>
      <Tabs value={pestanya} onChange={setPestanya}>
        <Tabs.List mb="md">
          <Tabs.Tab value="editar">{t("noticias.editor.editar")}</Tabs.Tab>
          <Tabs.Tab value="valenciano">{t("noticias.editor.enValenciano")}</Tabs.Tab>
          <Tabs.Tab value="vista">{t("noticias.editor.vistaPrevia")}</Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="editar">
          <Stack gap="sm">
            <TextInput
              label={t("noticias.campos.titulo")}
              required
              value={datos.titulo}
              onChange={(e) => cambiar("titulo", e.currentTarget.value)}
              error={errores.titulo}
              maxLength={200}
            />
            <Textarea
              label={t("noticias.campos.resumen")}
              value={datos.resumen}
              onChange={(e) => cambiar("resumen", e.currentTarget.value)}
              error={errores.resumen}
              autosize
              minRows={2}
              maxLength={500}
            />
            <Group grow align="flex-start">
              <CampoFecha
                label={t("noticias.campos.fecha")}
                required
                value={datos.fecha}
                onChange={(v) => cambiar("fecha", v)}
                error={errores.fecha}
              />
              <Stack gap={4}>
                <Text size="sm" fw={500}>
                  {t("noticias.campos.audiencia")}
                </Text>
                <SegmentedControl
                  aria-label={t("noticias.campos.audiencia")}
                  value={datos.audiencia}
                  onChange={(v) => cambiar("audiencia", v as AudienciaNoticia)}
                  data={AUDIENCIAS_NOTICIA.map((a) => ({
                    value: a,
                    label: t(`noticias.audiencias.${a}`),
                  }))}
                />
              </Stack>
            </Group>
            <Group>
              <Switch
                label={t("noticias.campos.publicada")}
                checked={datos.publicada}
                onChange={(e) => cambiar("publicada", e.currentTarget.checked)}
              />
              <Switch
                label={t("noticias.campos.destacada")}
                checked={datos.destacada}
                onChange={(e) => cambiar("destacada", e.currentTarget.checked)}
              />
            </Group>
            <Stack gap={4}>
              <Text size="sm" fw={500} id="etiqueta-contenido">
                {t("noticias.campos.contenido")}
              </Text>
              <RichTextEditor editor={editor} labels={etiquetasEditor(t)}>
                <BarraEditor completa />
                <RichTextEditor.Content
                  aria-labelledby="etiqueta-contenido"
                  data-testid="editor-contenido"
                  mih={200}
                />
              </RichTextEditor>
              {errores.contenido ? (
                <Text size="sm" c="red">
                  {errores.contenido}
                </Text>
              ) : null}
            </Stack>
            {noticia?.imagen ? (
              <PortadaNoticia
                imagen={noticia.imagen}
                alt={noticia.titulo}
                h={120}
                w="auto"
                fit="contain"
              />
            ) : null}
            <FileInput
              label={t("noticias.campos.portada")}
              description={t("noticias.editor.ayudaPortada")}
              placeholder={t("noticias.editor.elegirPortada")}
              accept={TIPOS_PORTADA}
              leftSection={<IconPhoto size={16} aria-hidden />}
              value={archivo}
              onChange={setArchivo}
              clearable
            />
          </Stack>
        </Tabs.Panel>

        <Tabs.Panel value="valenciano">
          <Stack gap="sm" lang="ca-ES-valencia">
            <Text size="sm" c="dimmed">
              {t("noticias.editor.ayudaValenciano")}
            </Text>
            <TextInput
              label={t("noticias.campos.tituloVa")}
              value={datos.tituloVa}
              onChange={(e) => cambiar("tituloVa", e.currentTarget.value)}
              error={errores.tituloVa}
              maxLength={200}
            />
            <Textarea
              label={t("noticias.campos.resumenVa")}
              value={datos.resumenVa}
              onChange={(e) => cambiar("resumenVa", e.currentTarget.value)}
              error={errores.resumenVa}
              autosize
              minRows={2}
              maxLength={500}
            />
            <Stack gap={4}>
              <Text size="sm" fw={500} id="etiqueta-contenido-va">
                {t("noticias.campos.contenidoVa")}
              </Text>
              <RichTextEditor editor={editorVa} labels={etiquetasEditor(t)}>
                <BarraEditor completa />
                <RichTextEditor.Content
                  aria-labelledby="etiqueta-contenido-va"
                  data-testid="editor-contenido-va"
                  mih={200}
                />
              </RichTextEditor>
            </Stack>
          </Stack>
        </Tabs.Panel>

        <Tabs.Panel value="vista">
          <Stack gap="sm" data-testid="vista-previa">
            <Title order={2}>{datos.titulo || t("noticias.editor.sinTitulo")}</Title>
            {datos.resumen ? <Text c="dimmed">{datos.resumen}</Text> : null}
            {vistaPrevia === null ? (
              <Text c="dimmed">{t("app.cargando")}</Text>
            ) : (
              <ContenidoNoticia html={vistaPrevia} />
            )}
          </Stack>
        </Tabs.Panel>
      </Tabs>

      {error ? (
        <Alert role="alert" color="red" mt="md" title={t("noticias.editor.errorGuardar")}>
          {error}
        </Alert>
      ) : null}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={alCerrar}>
          {t("comun.cancelar")}
        </Button>
        <Button type="submit" loading={guardando}>
          {t("noticias.editor.guardar")}
        </Button>
      </Group>
    </form>
  );
}
