import {
  type AlertaCrear,
  type DestinoAlerta,
  ErrorHttp,
  mensajeDeError,
  ROLES,
  TIPOS_DESTINO,
  type TipoDestino,
} from "@fila/domain";
import {
  Button,
  Checkbox,
  MultiSelect,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { IconSend } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useMemo, useState } from "react";
import { api } from "../../lib/api";
import { useTranslation } from "../../lib/i18n";
import { useGruposElegibles } from "../estructura/use-estructura";
import { IdiomasDelTexto } from "../idioma/idiomas-del-texto";
import { nombreCompleto, type SocioResumen } from "../socios/tipos";
import { useBuscarSocios, useTiposSocio } from "../socios/use-socios";
import { useMutacionesAlertas } from "./use-alertas";

type Campos = {
  titulo: string;
  mensaje: string;
  tituloVa: string;
  mensajeVa: string;
  imagen: string;
  enlace: string;
  tipo: TipoDestino;
  rol: string | null;
  tiposSocio: string[];
  idActo: string | null;
  idsSocio: string[];
  idsGrupo: string[];
  email: boolean;
};

const VACIO: Campos = {
  titulo: "",
  mensaje: "",
  tituloVa: "",
  mensajeVa: "",
  imagen: "",
  enlace: "",
  tipo: "todos",
  rol: null,
  tiposSocio: [],
  idActo: null,
  idsSocio: [],
  idsGrupo: [],
  email: false,
};

type Errores = Partial<
  Record<"titulo" | "mensaje" | "tituloVa" | "mensajeVa" | "imagen" | "enlace" | "destino", string>
>;

function destinoDe(c: Campos): DestinoAlerta {
  switch (c.tipo) {
    case "todos":
      return { todos: true };
    case "rol":
      return { rol: (c.rol ?? undefined) as DestinoAlerta["rol"] };
    case "tiposSocio":
      return { tiposSocio: c.tiposSocio.map(Number) };
    case "idActo":
      return { idActo: c.idActo ? Number(c.idActo) : undefined };
    case "idsSocio":
      return { idsSocio: c.idsSocio.map(Number) };
    case "idsGrupo":
      return { idsGrupo: c.idsGrupo.map(Number) };
  }
}

/** The server's field errors on the form (every `destino.*` goes to the destination picker). */
function erroresDe(error: unknown): Errores {
  if (!(error instanceof ErrorHttp)) return {};
  const detalles = (error.cuerpo as { detalles?: { campo: string; mensaje: string }[] } | null)
    ?.detalles;
  const errores: Errores = {};
  for (const d of detalles ?? []) {
    const campo = d.campo.split(".")[0] as keyof Errores;
    if (
      ["titulo", "mensaje", "tituloVa", "mensajeVa", "imagen", "enlace", "destino"].includes(campo)
    ) {
      errores[campo] ??= d.mensaje;
    }
  }
  return errores;
}

type Acto = { id: number; nombre: string; fecha: string };

function useActos(activo: boolean) {
  return useQuery({
    queryKey: ["actos", "desplegable-alertas"],
    queryFn: ({ signal }) =>
      api.get<{ items: Acto[] }>("/actos?pageSize=200", signal).then((r) => r.items),
    enabled: activo,
    staleTime: 60_000,
    retry: false,
  });
}

/** Administrators: write an alert and choose who receives it. */
export function EnviarAlertaForm({ alEnviar }: { alEnviar?: () => void }) {
  const { t } = useTranslation();
  const [c, setC] = useState<Campos>(VACIO);
  const [errores, setErrores] = useState<Errores>({});
  const { enviar } = useMutacionesAlertas();
  const tipos = useTiposSocio();
  const actos = useActos(c.tipo === "idActo");
  const [busqueda, setBusqueda] = useState("");
  const [texto] = useDebouncedValue(busqueda.trim(), 300);
  const socios = useBuscarSocios(texto, c.tipo === "idsSocio");
  const grupos = useGruposElegibles(c.tipo === "idsGrupo");
  const [elegidos, setElegidos] = useState<Map<string, string>>(new Map());

  const poner = <K extends keyof Campos>(campo: K, valor: Campos[K]) => {
    setC((antes) => ({ ...antes, [campo]: valor }));
    const clave = (
      ["tipo", "rol", "tiposSocio", "idActo", "idsSocio", "idsGrupo"] as string[]
    ).includes(campo)
      ? "destino"
      : campo;
    setErrores((antes) => ({ ...antes, [clave]: undefined }));
  };

  const opcionesSocios = useMemo(() => {
    const mapa = new Map(elegidos);
    for (const s of (socios.data?.items ?? []) as SocioResumen[]) {
      mapa.set(String(s.id), nombreCompleto(s));
    }
    return [...mapa].map(([value, label]) => ({ value, label }));
  }, [socios.data, elegidos]);

  const enviarFormulario = (evento: FormEvent) => {
    evento.preventDefault();
    const datos: AlertaCrear = {
      titulo: c.titulo,
      mensaje: c.mensaje,
      tituloVa: c.tituloVa,
      mensajeVa: c.mensajeVa,
      imagen: c.imagen.trim(),
      enlace: c.enlace.trim(),
      destino: destinoDe(c),
      email: c.email,
    };
    enviar.mutate(datos, {
      onSuccess: (alerta) => {
        notifications.show({
          color: "green",
          title: t("alertas.enviada"),
          message: t("alertas.enviadaA", { n: alerta.destinatarios }),
        });
        setC(VACIO);
        setElegidos(new Map());
        alEnviar?.();
      },
      onError: (error) => {
        const porCampo = erroresDe(error);
        setErrores(porCampo);
        if (Object.keys(porCampo).length === 0) {
          notifications.show({
            color: "red",
            title: t("alertas.errorEnviar"),
            message: mensajeDeError(error),
          });
        }
      },
    });
  };

  return (
    <form onSubmit={enviarFormulario} noValidate aria-label={t("alertas.enviarAlerta")}>
      <Stack gap="sm" maw={720}>
        <TextInput
          label={t("alertas.campos.titulo")}
          description={<IdiomasDelTexto es={c.titulo} va={c.tituloVa} />}
          required
          maxLength={120}
          value={c.titulo}
          onChange={(e) => poner("titulo", e.currentTarget.value)}
          error={errores.titulo}
        />
        <Textarea
          label={t("alertas.campos.mensaje")}
          autosize
          minRows={3}
          maxLength={2000}
          value={c.mensaje}
          onChange={(e) => poner("mensaje", e.currentTarget.value)}
          error={errores.mensaje}
        />
        {/*
          Optional: whoever uses the app in Valencian gets these (issue 38). Their labels are in
          Valencian in both languages: the fields take Valencian text.
        */}
        <TextInput
          label={t("alertas.campos.tituloVa")}
          description={t("alertas.campos.valencianoAyuda")}
          maxLength={120}
          lang="ca-ES-valencia"
          value={c.tituloVa}
          onChange={(e) => poner("tituloVa", e.currentTarget.value)}
          error={errores.tituloVa}
        />
        <Textarea
          label={t("alertas.campos.mensajeVa")}
          autosize
          minRows={2}
          maxLength={2000}
          lang="ca-ES-valencia"
          value={c.mensajeVa}
          onChange={(e) => poner("mensajeVa", e.currentTarget.value)}
          error={errores.mensajeVa}
        />
        <TextInput
          label={t("alertas.campos.imagen")}
          description={t("alertas.campos.imagenAyuda")}
          value={c.imagen}
          onChange={(e) => poner("imagen", e.currentTarget.value)}
          error={errores.imagen}
        />
        <TextInput
          label={t("alertas.campos.enlace")}
          description={t("alertas.campos.enlaceAyuda")}
          placeholder="/vernoticias?id=3"
          value={c.enlace}
          onChange={(e) => poner("enlace", e.currentTarget.value)}
          error={errores.enlace}
        />
        <Stack gap={6}>
          <Text size="sm" fw={500} id="alerta-destino">
            {t("alertas.campos.destino")}
          </Text>
          <SegmentedControl
            aria-labelledby="alerta-destino"
            value={c.tipo}
            onChange={(v) => poner("tipo", v as TipoDestino)}
            data={TIPOS_DESTINO.map((v) => ({
              value: v,
              label: t(`alertas.destinos.${v}`),
            }))}
            fullWidth
            orientation="horizontal"
            style={{ flexWrap: "wrap" }}
          />
          {c.tipo === "rol" ? (
            <Select
              label={t("alertas.campos.rol")}
              data={ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
              value={c.rol}
              onChange={(v) => poner("rol", v)}
              error={errores.destino}
            />
          ) : null}
          {c.tipo === "tiposSocio" ? (
            <MultiSelect
              label={t("alertas.campos.tiposSocio")}
              data={(tipos.data ?? []).map((tp) => ({ value: String(tp.id), label: tp.nombre }))}
              value={c.tiposSocio}
              onChange={(v) => poner("tiposSocio", v)}
              searchable
              error={errores.destino}
            />
          ) : null}
          {c.tipo === "idActo" ? (
            <Select
              label={t("alertas.campos.acto")}
              data={(actos.data ?? []).map((a) => ({
                value: String(a.id),
                label: `${a.nombre} (${a.fecha.split("-").reverse().join("/")})`,
              }))}
              value={c.idActo}
              onChange={(v) => poner("idActo", v)}
              searchable
              disabled={actos.isError}
              error={errores.destino ?? (actos.isError ? t("alertas.sinActos") : undefined)}
            />
          ) : null}
          {c.tipo === "idsSocio" ? (
            <MultiSelect
              label={t("alertas.campos.socios")}
              placeholder={t("alertas.buscarSocio")}
              data={opcionesSocios}
              value={c.idsSocio}
              onChange={(v) => {
                setElegidos(
                  new Map(
                    v.map((id) => [id, opcionesSocios.find((o) => o.value === id)?.label ?? id]),
                  ),
                );
                poner("idsSocio", v);
              }}
              searchable
              searchValue={busqueda}
              onSearchChange={setBusqueda}
              filter={({ options }) => options}
              error={errores.destino}
            />
          ) : null}
          {c.tipo === "idsGrupo" ? (
            <MultiSelect
              label={t("alertas.campos.grupos")}
              data={(grupos.data ?? []).map((g) => ({
                value: String(g.id),
                label: g.anyo && g.clase === "escuadra" ? `${g.nombre} (${g.anyo})` : g.nombre,
              }))}
              value={c.idsGrupo}
              onChange={(v) => poner("idsGrupo", v)}
              searchable
              error={errores.destino}
            />
          ) : null}
          {c.tipo === "todos" && errores.destino ? (
            <Text size="sm" c="red">
              {errores.destino}
            </Text>
          ) : null}
        </Stack>
        <Checkbox
          label={t("alertas.campos.email")}
          checked={c.email}
          onChange={(e) => poner("email", e.currentTarget.checked)}
        />
        <div>
          <Button
            type="submit"
            leftSection={<IconSend size={18} aria-hidden />}
            loading={enviar.isPending}
          >
            {t("alertas.enviar")}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
