import { ErrorHttp } from "@fila/domain";
import { MantineProvider } from "@mantine/core";
import { DatesProvider } from "@mantine/dates";
import { QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useMemo } from "react";
import { useTranslation } from "../lib/i18n";
import { notificarError } from "../lib/notificar";
import { temaEnSuIdioma } from "./theme";

export function crearQueryClient(): QueryClient {
  return new QueryClient({
    // A failed background read is told to the person (SPEC §8 message), unless the page shows
    // it itself (`meta: { errorEnPagina: true }`) or it is a 401, which already leads to login.
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.errorEnPagina === true) return;
        if (error instanceof ErrorHttp && error.status === 401) return;
        notificarError(error);
      },
    }),
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

export const queryClient = crearQueryClient();

const Notificaciones = lazy(() => import("./notificaciones"));

export function Providers({
  children,
  client = queryClient,
}: {
  children: ReactNode;
  client?: QueryClient;
}) {
  const { t } = useTranslation();
  // Rebuilt when the language changes: the texts Mantine writes itself (close buttons).
  const tema = useMemo(() => temaEnSuIdioma(t("app.cerrar")), [t]);
  return (
    // The theme's CSS variables are in the entry's stylesheet, written by the build
    // (variables-tema.ts): not worked out again on every start.
    <MantineProvider theme={tema} withCssVariables={false} defaultColorScheme="light">
      <DatesProvider settings={{ locale: "es", firstDayOfWeek: 1 }}>
        <QueryClientProvider client={client}>
          <Suspense fallback={null}>
            <Notificaciones />
          </Suspense>
          {children}
        </QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
