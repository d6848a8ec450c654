import { Alert, Progress, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { api } from "./api";
import { useTranslation } from "./i18n";

/** What `GET /api/trabajos/:id` answers (the server's job runner, ADR 0020). */
export type Trabajo<R = unknown> = {
  tipo: string;
  estado: "en_curso" | "terminado" | "fallido";
  progreso: number;
  resultado: R | null;
  error: string | null;
};

/** What a route that launches a job answers (202). */
export type TrabajoLanzado = { idTrabajo: number };

export type OpcionesTrabajo<R> = {
  /** How often it asks while the job runs (default 500 ms). */
  cadaMs?: number;
  /** Once, when the job ends well (refresh the lists it changed here). */
  alTerminar?: (resultado: R) => void;
  /** Once, when it fails; `error` is the server's Spanish message. */
  alFallar?: (error: string) => void;
};

/**
 * Follows a background job until it ends: asks `GET /api/trabajos/:id` every `cadaMs` while it is
 * `en_curso` (null: nothing to follow). The callbacks run once per job.
 */
export function useTrabajo<R = unknown>(
  idTrabajo: number | null,
  opciones: OpcionesTrabajo<R> = {},
) {
  const { cadaMs = 500 } = opciones;
  const consulta = useQuery({
    queryKey: ["trabajos", idTrabajo],
    queryFn: ({ signal }) => api.get<Trabajo<R>>(`/trabajos/${idTrabajo}`, signal),
    enabled: idTrabajo !== null,
    refetchInterval: (q) => (q.state.data && q.state.data.estado !== "en_curso" ? false : cadaMs),
    gcTime: 0,
  });
  const avisado = useRef<number | null>(null);
  const callbacks = useRef(opciones);
  callbacks.current = opciones;
  const trabajo = consulta.data;
  useEffect(() => {
    if (idTrabajo === null || !trabajo || trabajo.estado === "en_curso") return;
    if (avisado.current === idTrabajo) return;
    avisado.current = idTrabajo;
    if (trabajo.estado === "terminado") callbacks.current.alTerminar?.(trabajo.resultado as R);
    else callbacks.current.alFallar?.(trabajo.error ?? "");
  }, [idTrabajo, trabajo]);
  return {
    trabajo: idTrabajo === null ? undefined : trabajo,
    enCurso: idTrabajo !== null && (!trabajo || trabajo.estado === "en_curso"),
    errorConsulta: consulta.error,
  };
}

/**
 * The progress bar of a job and, if it failed, its Spanish message. `children` shows the result
 * once it is `terminado`.
 */
export function ProgresoTrabajo<R>({
  trabajo,
  errorConsulta,
  children,
}: {
  trabajo: Trabajo<R> | undefined;
  errorConsulta?: unknown;
  children?: (resultado: R) => React.ReactNode;
}) {
  const { t } = useTranslation();
  if (errorConsulta && !trabajo) {
    return <Alert color="red">{t("trabajos.errorConsulta")}</Alert>;
  }
  const estado = trabajo?.estado ?? "en_curso";
  const porcentaje = Math.round((trabajo?.progreso ?? 0) * 100);
  if (estado === "fallido") {
    return (
      <Alert color="red" title={t("trabajos.fallido")} data-testid="trabajo-fallido">
        {trabajo?.error}
      </Alert>
    );
  }
  if (estado === "terminado") {
    return (
      <Stack gap="xs" data-testid="trabajo-terminado">
        {children?.(trabajo?.resultado as R)}
      </Stack>
    );
  }
  return (
    <Stack gap={4} data-testid="trabajo-en-curso">
      <Progress
        value={Math.max(porcentaje, 3)}
        animated
        striped
        aria-label={t("trabajos.progreso")}
        aria-valuenow={porcentaje}
      />
      <Text size="sm" c="dimmed" aria-live="polite">
        {t("trabajos.enCurso", { porcentaje })}
      </Text>
    </Stack>
  );
}
