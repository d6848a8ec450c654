import "@mantine/tiptap/styles.css";
import { mensajeDeError } from "@fila/domain";
import {
  Alert,
  Button,
  Divider,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { RichTextEditor } from "@mantine/tiptap";
import { IconMail, IconSend } from "@tabler/icons-react";
import { useEditor } from "@tiptap/react";
import { useMemo, useState } from "react";
import { useTranslation } from "../../lib/i18n";
import { ContenidoNoticia } from "../noticias/contenido-noticia";
import { BarraEditor, extensionesEditor } from "../noticias/editor-comun";
import { etiquetasEditor } from "../noticias/etiquetas-editor";
import { erroresDeServidor } from "../socios/errores-formulario";
import { FiltrosEnvio } from "./filtros-envio";
import {
  type EntradaEnvio,
  type FiltroEnvio,
  useMutacionesEnvios,
  useVistaPreviaEnvio,
} from "./use-envios";

const MARCADORES = ["nombre", "apellidos", "matricula", "deuda"] as const;

export type EnvioLanzado = { id: number; idTrabajo: number; asunto: string };

type Props = { abierto: boolean; alCerrar: () => void; alLanzar: (e: EnvioLanzado) => void };

/** Write a mailing, choose who gets it (with the live count), preview, test and send it. */
export function NuevoEnvio({ abierto, alCerrar, alLanzar }: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={abierto}
      onClose={alCerrar}
      size="xl"
      title={t("envios.nuevo.titulo")}
      closeButtonProps={{ "aria-label": t("envios.cerrar") }}
    >
      {abierto ? <FormularioEnvio alCerrar={alCerrar} alLanzar={alLanzar} /> : null}
    </Modal>
  );
}

function FormularioEnvio({ alCerrar, alLanzar }: Omit<Props, "abierto">) {
  const { t } = useTranslation();
  const { lanzar, prueba } = useMutacionesEnvios();
  const [asunto, setAsunto] = useState("");
  const [cuerpo, setCuerpo] = useState("");
  const [filtro, setFiltro] = useState<FiltroEnvio>({ activo: true });
  const [errores, setErrores] = useState<{ asunto?: string; cuerpo?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [confirmando, setConfirmando] = useState(false);

  const editor = useEditor({
    extensions: extensionesEditor(),
    content: "",
    immediatelyRender: true,
    editorProps: { attributes: { "aria-labelledby": "etiqueta-cuerpo-envio", role: "textbox" } },
    onUpdate: ({ editor: e }) => setCuerpo(e.isEmpty ? "" : e.getHTML()),
  });

  // Memoised: the debounce restarts whenever its value changes identity.
  const entrada: EntradaEnvio = useMemo(
    () => ({ asunto, cuerpo, filtro }),
    [asunto, cuerpo, filtro],
  );
  const [pedida] = useDebouncedValue(entrada, 400);
  const vista = useVistaPreviaEnvio(pedida);
  const recuento = vista.data;
  const destinatarios = recuento ? recuento.conEmail + recuento.sinEmail : 0;

  function validar(): boolean {
    const nuevos = {
      asunto: asunto.trim() ? undefined : t("envios.nuevo.faltaAsunto"),
      cuerpo: cuerpo.trim() ? undefined : t("envios.nuevo.faltaCuerpo"),
    };
    setErrores(nuevos);
    return !nuevos.asunto && !nuevos.cuerpo;
  }

  function mostrarError(e: unknown) {
    const r = erroresDeServidor(e, ["asunto", "cuerpo"]);
    setErrores({ asunto: r.campos.asunto, cuerpo: r.campos.cuerpo });
    setError([r.general, ...r.otros].join(" "));
    setConfirmando(false);
  }

  async function enviarPrueba() {
    setError(null);
    if (!validar()) return;
    try {
      await prueba.mutateAsync(entrada);
      notifications.show({ color: "green", message: t("envios.nuevo.pruebaEnviada") });
    } catch (e) {
      mostrarError(e);
    }
  }

  async function enviar() {
    setError(null);
    try {
      const r = await lanzar.mutateAsync(entrada);
      alLanzar({ id: r.id, idTrabajo: r.idTrabajo, asunto: asunto.trim() });
      alCerrar();
    } catch (e) {
      mostrarError(e);
    }
  }

  const marcador = (m: (typeof MARCADORES)[number]) =>
    editor?.chain().focus().insertContent(`{{${m}}}`).run();

  if (confirmando && recuento) {
    return (
      <Stack gap="md">
        <Text>
          {t("envios.confirmar.texto", { asunto: asunto.trim(), count: recuento.conEmail })}
        </Text>
        {recuento.sinEmail > 0 ? (
          <Text size="sm">{t("envios.confirmar.sinEmail", { count: recuento.sinEmail })}</Text>
        ) : null}
        {recuento.omitidos > 0 ? (
          <Text size="sm">{t("envios.confirmar.omitidos", { count: recuento.omitidos })}</Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirmando(false)}>
            {t("envios.confirmar.volver")}
          </Button>
          <Button
            leftSection={<IconSend size={18} aria-hidden />}
            loading={lanzar.isPending}
            onClick={() => void enviar()}
          >
            {t("envios.confirmar.enviar")}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setError(null);
        if (validar() && recuento && destinatarios > 0) setConfirmando(true);
      }}
    >
      <Stack gap="md">
        {error ? (
          <Alert role="alert" color="red" title={t("envios.nuevo.error")}>
            {error}
          </Alert>
        ) : null}
        <TextInput
          label={t("envios.nuevo.asunto")}
          value={asunto}
          onChange={(e) => setAsunto(e.currentTarget.value)}
          error={errores.asunto}
          maxLength={200}
          required
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="etiqueta-cuerpo-envio">
            {t("envios.nuevo.cuerpo")}
          </Text>
          <RichTextEditor editor={editor} labels={etiquetasEditor(t)}>
            <BarraEditor />
            <RichTextEditor.Content
              aria-labelledby="etiqueta-cuerpo-envio"
              data-testid="editor-envio"
              mih={180}
            />
          </RichTextEditor>
          {errores.cuerpo ? (
            <Text size="sm" c="red.9" role="alert">
              {errores.cuerpo}
            </Text>
          ) : null}
          <Group gap="xs" mt={4}>
            <Text size="sm" c="dimmed">
              {t("envios.nuevo.marcadores")}
            </Text>
            {MARCADORES.map((m) => (
              <Button
                key={m}
                size="compact-sm"
                variant="light"
                onClick={() => marcador(m)}
                aria-label={t("envios.nuevo.insertar", {
                  marca: `{{${m}}}`,
                  dato: t(`envios.marcadores.${m}`),
                })}
              >
                {`{{${m}}}`}
              </Button>
            ))}
          </Group>
        </Stack>
        <Divider />
        <FiltrosEnvio filtro={filtro} alCambiar={setFiltro} />
        <Recuento cargando={vista.isFetching} error={vista.error} datos={recuento} />
        <VistaPrevia visible={Boolean(asunto.trim() && cuerpo.trim())} datos={recuento} />
        <Group justify="flex-end">
          <Button variant="default" onClick={alCerrar}>
            {t("envios.nuevo.cancelar")}
          </Button>
          <Button
            variant="light"
            leftSection={<IconMail size={18} aria-hidden />}
            loading={prueba.isPending}
            onClick={() => void enviarPrueba()}
          >
            {t("envios.nuevo.prueba")}
          </Button>
          <Button
            type="submit"
            leftSection={<IconSend size={18} aria-hidden />}
            disabled={!recuento || destinatarios === 0}
          >
            {t("envios.nuevo.enviar")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Recuento({
  cargando,
  error,
  datos,
}: {
  cargando: boolean;
  error: unknown;
  datos: { total: number; conEmail: number; sinEmail: number; omitidos: number } | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="sm" radius="md" data-testid="recuento-envio">
      <Group gap="xs" wrap="nowrap" align="flex-start">
        {cargando ? <Loader size="xs" mt={4} aria-hidden /> : null}
        <Text size="sm" aria-live="polite">
          {error
            ? mensajeDeError(error)
            : datos
              ? t("envios.recuento.texto", {
                  count: datos.conEmail + datos.sinEmail,
                  conEmail: datos.conEmail,
                  sinEmail: datos.sinEmail,
                })
              : t("envios.recuento.calculando")}
          {!error && datos && datos.omitidos > 0
            ? ` ${t("envios.recuento.omitidos", { count: datos.omitidos })}`
            : ""}
        </Text>
      </Group>
    </Paper>
  );
}

function VistaPrevia({
  visible,
  datos,
}: {
  visible: boolean;
  datos: { ejemplo: { asunto: string; html: string } } | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Title order={3} fz="md">
        {t("envios.vistaPrevia.titulo")}
      </Title>
      {visible && datos ? (
        <Paper withBorder p="md" radius="md" data-testid="vista-previa-envio">
          <Text fw={600} mb="xs">
            {datos.ejemplo.asunto}
          </Text>
          <ContenidoNoticia html={datos.ejemplo.html} />
        </Paper>
      ) : (
        <Text size="sm" c="dimmed">
          {t("envios.vistaPrevia.ayuda")}
        </Text>
      )}
    </Stack>
  );
}
