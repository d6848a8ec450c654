import type { QueryClient } from "@tanstack/react-query";
import { queryClient } from "./providers";

type Consulta = Parameters<QueryClient["prefetchQuery"]>[0];

/**
 * What a page module (or the shell) reads as soon as it opens, exported as `consultasAlAbrir`:
 * the same query options its components use (`queryOptions(…)`), each of its own data type.
 */
export type ConsultasAlAbrir = () => readonly object[];
type ConConsultasAlAbrir = { consultasAlAbrir?: ConsultasAlAbrir };

/**
 * Starts the reads a module declares the moment its code arrives, before it is drawn. Its
 * components then find them under way (or done) instead of starting each one after mounting,
 * which made React draw the whole page again at once to show them loading.
 */
export function pedirDatosAlAbrir<M>(modulo: M): M {
  const consultas = (modulo as ConConsultasAlAbrir).consultasAlAbrir?.() ?? [];
  for (const consulta of consultas) void queryClient.prefetchQuery(consulta as Consulta);
  return modulo;
}
