import { queryOptions } from "@tanstack/react-query";
import { afterEach, describe, expect, it } from "vitest";
import { pedirDatosAlAbrir } from "./datos-al-abrir";
import { queryClient } from "./providers";
import { sesionStore } from "./session-store";

afterEach(() => queryClient.clear());

describe("los datos de una página al llegar su código", () => {
  it("empiezan las lecturas que declara el módulo, una vez aunque se pidan dos veces", async () => {
    let lecturas = 0;
    const consulta = queryOptions({
      queryKey: ["prueba", "al-abrir"],
      queryFn: async () => {
        lecturas += 1;
        return { nombre: "Pep" };
      },
    });
    const modulo = { consultasAlAbrir: () => [consulta], Pagina: () => null };
    expect(pedirDatosAlAbrir(modulo)).toBe(modulo);
    pedirDatosAlAbrir(modulo);
    expect(queryClient.getQueryState(consulta.queryKey)?.fetchStatus).toBe("fetching");
    await expect(queryClient.fetchQuery(consulta)).resolves.toEqual({ nombre: "Pep" });
    expect(lecturas).toBe(1);
  });

  it("el inicio de la junta solo pide su resumen con la sesión de la junta (otro rol acabaría en un 403)", async () => {
    const { consultasAlAbrir } = await import("../features/homes/admin-home-page");
    sesionStore.iniciar("t-socio", { id: 1, nombre: "Pep", rol: "socio" } as never);
    expect(consultasAlAbrir?.()).toEqual([]);
    sesionStore.iniciar("t-junta", { id: 2, nombre: "Vicent", rol: "administrador" } as never);
    expect(consultasAlAbrir?.()).toHaveLength(1);
    sesionStore.cerrar();
  });

  it("un módulo sin lecturas declaradas no pide nada", () => {
    const modulo = { Pagina: () => null };
    expect(pedirDatosAlAbrir(modulo)).toBe(modulo);
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });
});
