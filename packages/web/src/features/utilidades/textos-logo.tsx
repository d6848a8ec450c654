import "@mantine/tiptap/styles.css";
import { mensajeDeError } from "@fila/domain";
import {
  Alert,
  Button,
  Checkbox,
  FileInput,
  Group,
  Image,
  Loader,
  Paper,
  Stack,
  Tabs,
  Text,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { RichTextEditor } from "@mantine/tiptap";
import { IconPhoto, IconTrash } from "@tabler/icons-react";
import { useEditor } from "@tiptap/react";
import { type ReactNode, useState } from "react";
import { sesionStore, useSesion } from "../../app/session-store";
import { useTranslation } from "../../lib/i18n";
import { notificarError } from "../../lib/notificar";
import { type TextosAsociacion, useTextosAsociacion } from "../asociacion/use-textos-asociacion";
import { IdiomasDelTexto } from "../idioma/idiomas-del-texto";
import { BarraEditor, extensionesEditor } from "../noticias/editor-comun";
import { etiquetasEditor } from "../noticias/etiquetas-editor";
import { comoHtml, useMutacionesTextos } from "./use-textos-logo";

/** One rich text of the association, edited with the news' toolbar. */
function EditorTexto({
  id,
  etiqueta,
  inicial,
  alCambiar,
  idiomas,
  lang,
}: {
  id: string;
  etiqueta: string;
  inicial: string;
  alCambiar: (html: string) => void;
  /** The «ES · VA» badge of the text, beside (not inside) its label. */
  idiomas?: ReactNode;
  /** The language the text is written in, when it is not the page's. */
  lang?: string;
}) {
  const { t } = useTranslation();
  const editor = useEditor({
    extensions: extensionesEditor(),
    content: comoHtml(inicial),
    immediatelyRender: true,
    // The editable area itself is the text box a screen reader names.
    editorProps: {
      attributes: {
        "aria-labelledby": `etiqueta-${id}`,
        role: "textbox",
        ...(lang ? { lang } : {}),
      },
    },
    onUpdate: ({ editor: e }) => alCambiar(e.getHTML()),
  });
  return (
    <Stack gap={4}>
      <Group gap="xs">
        <Text size="sm" fw={500} id={`etiqueta-${id}`}>
          {etiqueta}
        </Text>
        {idiomas}
      </Group>
      <RichTextEditor editor={editor} labels={etiquetasEditor(t)}>
        <BarraEditor />
        <RichTextEditor.Content
          aria-labelledby={`etiqueta-${id}`}
          data-testid={`editor-${id}`}
          mih={160}
        />
      </RichTextEditor>
    </Stack>
  );
}

function FormularioTextos({ textos }: { textos: TextosAsociacion }) {
  const { t } = useTranslation();
  const { guardar } = useMutacionesTextos();
  const { usuario } = useSesion();
  const [condiciones, setCondiciones] = useState(comoHtml(textos.condiciones));
  const [privacidad, setPrivacidad] = useState(comoHtml(textos.privacidad));
  // The Valencian versions (issue 38): optional; '' = readers in Valencian get the Spanish one.
  const [condicionesVa, setCondicionesVa] = useState(comoHtml(textos.condicionesVa ?? ""));
  const [privacidadVa, setPrivacidadVa] = useState(comoHtml(textos.privacidadVa ?? ""));
  const [nuevaVersion, setNuevaVersion] = useState(false);
  const [pestanya, setPestanya] = useState<string | null>("es");
  const [error, setError] = useState<string | null>(null);

  async function enviar() {
    setError(null);
    try {
      const r = await guardar.mutateAsync({
        condiciones,
        privacidad,
        condicionesVa,
        privacidadVa,
        nuevaVersion,
      });
      notifications.show({
        color: "green",
        message: nuevaVersion
          ? t("textosAsociacion.guardadosVersion", { version: r.versionCondiciones })
          : t("textosAsociacion.guardados"),
      });
      setNuevaVersion(false);
      // The board accepts the new terms too: the app takes this account to them now.
      if (nuevaVersion) sesionStore.actualizarUsuario({ ...usuario, condicionesAceptadas: "no" });
    } catch (e) {
      setError(mensajeDeError(e));
    }
  }

  const idiomasCondiciones = <IdiomasDelTexto es={condiciones} va={condicionesVa} />;
  const idiomasPrivacidad = <IdiomasDelTexto es={privacidad} va={privacidadVa} />;

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void enviar();
      }}
      noValidate
    >
      <Stack gap="md">
        {error ? (
          <Alert role="alert" color="red" title={t("textosAsociacion.errorGuardar")}>
            {error}
          </Alert>
        ) : null}
        <Tabs value={pestanya} onChange={setPestanya}>
          <Tabs.List mb="md">
            <Tabs.Tab value="es">{t("textosAsociacion.enCastellano")}</Tabs.Tab>
            <Tabs.Tab value="va">{t("textosAsociacion.enValenciano")}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="es">
            <Stack gap="md">
              <EditorTexto
                id="condiciones"
                etiqueta={t("textosAsociacion.condiciones")}
                inicial={textos.condiciones}
                alCambiar={setCondiciones}
                idiomas={idiomasCondiciones}
              />
              <Checkbox
                checked={nuevaVersion}
                onChange={(e) => setNuevaVersion(e.currentTarget.checked)}
                label={t("textosAsociacion.nuevaVersion")}
                description={t("textosAsociacion.nuevaVersionAyuda", {
                  version: textos.versionCondiciones ?? "",
                })}
              />
              <EditorTexto
                id="privacidad"
                etiqueta={t("textosAsociacion.privacidad")}
                inicial={textos.privacidad}
                alCambiar={setPrivacidad}
                idiomas={idiomasPrivacidad}
              />
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="va">
            <Stack gap="md">
              <Text size="sm" c="dimmed">
                {t("textosAsociacion.ayudaValenciano")}
              </Text>
              <EditorTexto
                id="condiciones-va"
                etiqueta={t("textosAsociacion.condicionesVa")}
                inicial={textos.condicionesVa ?? ""}
                alCambiar={setCondicionesVa}
                idiomas={idiomasCondiciones}
                lang="ca-ES-valencia"
              />
              <EditorTexto
                id="privacidad-va"
                etiqueta={t("textosAsociacion.privacidadVa")}
                inicial={textos.privacidadVa ?? ""}
                alCambiar={setPrivacidadVa}
                idiomas={idiomasPrivacidad}
                lang="ca-ES-valencia"
              />
            </Stack>
          </Tabs.Panel>
        </Tabs>
        <Group justify="flex-end">
          <Button type="submit" loading={guardar.isPending}>
            {t("textosAsociacion.guardar")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Logotipo({ logo, nombre }: { logo: string | null; nombre: string }) {
  const { t } = useTranslation();
  const { subir, quitar } = useMutacionesTextos();
  const [error, setError] = useState<string | null>(null);

  async function elegir(archivo: File | null) {
    if (!archivo) return;
    setError(null);
    try {
      await subir.mutateAsync(archivo);
      notifications.show({ color: "green", message: t("textosAsociacion.logoGuardado") });
    } catch (e) {
      setError(mensajeDeError(e));
    }
  }

  async function borrar() {
    try {
      await quitar.mutateAsync();
      notifications.show({ color: "green", message: t("textosAsociacion.logoQuitado") });
    } catch (e) {
      notificarError(e, t("textosAsociacion.errorLogo"));
    }
  }

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t("textosAsociacion.logoIntro")}
      </Text>
      {error ? (
        <Alert role="alert" color="red" title={t("textosAsociacion.errorLogo")}>
          {error}
        </Alert>
      ) : null}
      <Group align="flex-end">
        <Paper withBorder p="xs" radius="md">
          {logo ? (
            <Image
              src={logo}
              alt={t("textosAsociacion.logoDe", { nombre })}
              h={72}
              w="auto"
              fit="contain"
              data-testid="logo-actual"
            />
          ) : (
            <Text size="sm" c="dimmed" px="md" py="lg">
              {t("textosAsociacion.sinLogo")}
            </Text>
          )}
        </Paper>
        <FileInput
          label={t("textosAsociacion.subirLogo")}
          placeholder={t("textosAsociacion.subirLogoAyuda")}
          accept="image/png,image/jpeg,image/webp"
          leftSection={<IconPhoto size={16} aria-hidden />}
          value={null}
          onChange={(f) => void elegir(f)}
          disabled={subir.isPending}
          w={280}
        />
        {logo ? (
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={() => void borrar()}
            loading={quitar.isPending}
          >
            {t("textosAsociacion.quitarLogo")}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}

/** The association's terms and privacy texts and its logo (administrador). */
export function TextosLogo() {
  const { t } = useTranslation();
  const textos = useTextosAsociacion();
  if (textos.isPending) return <Loader aria-label={t("app.cargando")} />;
  if (textos.isError) {
    return (
      <Alert role="alert" color="red" title={t("textos.errorCarga")}>
        {mensajeDeError(textos.error)}
      </Alert>
    );
  }
  return (
    <Stack gap="xl" maw={900}>
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t("textosAsociacion.logoTitulo")}
        </Title>
        <Logotipo logo={textos.data.logo ?? null} nombre={textos.data.nombre} />
      </Stack>
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t("textosAsociacion.textosTitulo")}
        </Title>
        <FormularioTextos textos={textos.data} />
      </Stack>
    </Stack>
  );
}
