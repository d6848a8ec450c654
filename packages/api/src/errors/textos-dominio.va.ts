/**
 * The texts that the domain's rules and schemas write in Spanish (packages/domain: zod messages
 * of its schemas, validarPassword…), in Valencian: the server shows them to a person whose account
 * is in Valencian (plugins/errors.ts). Exact texts first, then the few built from a value. A text
 * not found here stays in Spanish: add it here when a schema gains a message.
 */
const EXACTOS: Record<string, string> = {
  // Antigüedad, recompensas y censo de la federación (issue 49b)
  "Las fiestas no pueden acabar antes de empezar": "Les festes no poden acabar abans de començar",
  "Los años son un número entero": "Els anys són un número enter",
  "Los años son al menos 1": "Els anys són almenys 1",
  "Como mucho 150 años": "Com a molt 150 anys",
  "Pide lo pendiente o el historial, no los dos a la vez":
    "Demana el que està pendent o l'historial, no les dues coses alhora",
  "Un periodo no puede acabar antes de empezar": "Un període no pot acabar abans de començar",
  "El título del punto es obligatorio": "El títol del punt és obligatori",
  "Introduce una fecha y hora válidas (ISO 8601)": "Introduïx una data i hora vàlides (ISO 8601)",
  "La asamblea aún no está convocada: no hay censo":
    "L'assemblea encara no està convocada: no hi ha cens",
  "La asamblea ya ha empezado: no se puede delegar":
    "L'assemblea ja ha començat: no es pot delegar",
  "No se puede delegar el voto en uno mismo": "No es pot delegar el vot en un mateix",
  "Quien delega no está en el censo": "Qui delega no està en el cens",
  "La persona en quien se delega no está en el censo":
    "La persona en qui es delega no està en el cens",
  "Ya hay una delegación de este socio: revócala antes":
    "Ja hi ha una delegació d'este soci: revoca-la abans",
  "Quien ha recibido delegaciones no puede delegar (no hay cadenas)":
    "Qui ha rebut delegacions no pot delegar (no hi ha cadenes)",
  "La persona en quien se delega ya ha delegado su voto (no hay cadenas)":
    "La persona en qui es delega ja ha delegat el seu vot (no hi ha cadenes)",
  "No estás en el censo de esta asamblea": "No estàs en el cens d'esta assemblea",
  "No constas como presente en la asamblea": "No consta que estigues present en l'assemblea",
  "No tienes la delegación de ese socio": "No tens la delegació d'eixe soci",
  "Ese socio ha venido: vota por sí mismo": "Eixe soci ha vingut: vota per si mateix",
  "Indica el número de la línea (n)": "Indica el número de la línia (n)",
  "Indica los movimientos": "Indica els moviments",
  "Indica al menos un movimiento": "Indica almenys un moviment",
  "Como mucho 1000 movimientos": "Com a molt 1000 moviments",
  "La comisión es positiva": "La comissió és positiva",
  "La acción es «conciliar», «nuevo» u «omitir»": "L'acció és «conciliar», «nuevo» o «omitir»",
  "Las decisiones son una lista": "Les decisions són una llista",
  "Demasiadas decisiones": "Massa decisions",
  "Escribe el texto que busca la regla": "Escriu el text que busca la regla",
  "El tipo es «ingreso», «gasto» o null": "El tipus és «ingreso», «gasto» o null",
  "El orden es un número entero": "L'orde és un número enter",
  "El orden va de 0 a 9999": "L'orde va de 0 a 9999",
  "Indica sí o no (true o false)": "Indica sí o no (true o false)",
  "El IBAN no es válido": "L'IBAN no és vàlid",
  "Escribe el nombre de la cuenta": "Escriu el nom del compte",
  "El tipo es «caja» o «banco»": "El tipus és «caja» o «banco»",
  "Una cuenta del banco lleva IBAN": "Un compte del banc porta IBAN",
  "La caja no lleva IBAN": "La caixa no porta IBAN",
  "La cuenta del PGC son de 3 a 10 cifras": "El compte del PGC són de 3 a 10 xifres",
  "Escribe el nombre de la categoría": "Escriu el nom de la categoria",
  "El tipo es «ingreso» o «gasto»": "El tipus és «ingreso» o «gasto»",
  "El importe no puede ser cero": "L'import no pot ser zero",
  "Escribe el concepto": "Escriu el concepte",
  "Indica las líneas por categoría": "Indica les línies per categoria",
  "Indica al menos una línea por categoría": "Indica almenys una línia per categoria",
  "Como mucho 50 líneas": "Com a molt 50 línies",
  "Las líneas no suman el importe del movimiento": "Les línies no sumen l'import del moviment",
  "Escribe el motivo de la corrección": "Escriu el motiu de la correcció",
  "Indica las líneas del presupuesto": "Indica les línies del pressupost",
  "Como mucho 500 líneas": "Com a molt 500 línies",
  "El formato es json, pdf, xlsx o csv": "El format és json, pdf, xlsx o csv",
  "Este campo no existe en esta petición.": "Este camp no existix en esta petició.",
  "Falta el código del carnet": "Falta el codi del carnet",
  "El código del carnet es demasiado largo": "El codi del carnet és massa llarg",
  "La hora de lectura no es una fecha y hora ISO 8601":
    "L'hora de lectura no és una data i hora ISO 8601",
  "El acto está cancelado": "L'acte està cancel·lat",
  "El acto ya se ha celebrado": "L'acte ja s'ha celebrat",
  "La inscripción está cerrada": "La inscripció està tancada",
  "cuando es proximos, pasados o todos": "cuando és proximos, pasados o todos",
  "Elige «tarjeta» o «bizum»": "Tria «tarjeta» o «bizum»",
  "Estado: pendiente, pagado o denegado": "Estat: pendiente, pagado o denegado",
  "Método: tarjeta o bizum": "Mètode: tarjeta o bizum",
  "El número de pedido no es válido": "El número de comanda no és vàlid",
  "Indica un tipo de socio": "Indica un tipus de soci",
  "Indica al menos un tipo de socio": "Indica almenys un tipus de soci",
  "Indica un socio": "Indica un soci",
  "Indica al menos un socio": "Indica almenys un soci",
  "Esa contraseña es demasiado común; elige otra":
    "Eixa contrasenya és massa comuna; tria'n una altra",
  "Confirma que la anonimización no se puede deshacer (confirmar: true).":
    "Confirma que l'anonimització no es pot desfer (confirmar: true).",
  "Demasiadas columnas": "Massa columnes",
  "El plazo es un número entero de horas": "El termini és un nombre enter d'hores",
  "El plazo es de al menos 1 hora": "El termini és d'almenys 1 hora",
  "El plazo no puede pasar de 8760 horas": "El termini no pot passar de 8760 hores",
  "Las plazas por mesa son un número entero": "Les places per taula són un nombre enter",
  "Una mesa tiene al menos 2 plazas": "Una taula té almenys 2 places",
  "Como mucho 1000 plazas por mesa": "Com a molt 1000 places per taula",
  "Un socio con todos sus invitados tiene que caber en una mesa":
    "Un soci amb tots els seus convidats ha de cabre en una taula",
  "El plazo de pago es de los actos que se pagan":
    "El termini de pagament és dels actes que es paguen",
  "Hay dietas repetidas": "Hi ha dietes repetides",
  "Escribe el nombre del acompañante": "Escriu el nom de l'acompanyant",
  "Indica cuándo abre el turno (AAAA-MM-DDTHH:mm)": "Indica quan obri el torn (AAAA-MM-DDTHH:mm)",
  "Indica cuándo abre el turno (AAAA-MM-DDTHH:mm, hora de Madrid)":
    "Indica quan obri el torn (AAAA-MM-DDTHH:mm, hora de Madrid)",
  "Como mucho 20 turnos": "Com a molt 20 torns",
  "El último turno es la apertura general: sin filtros":
    "L'últim torn és l'obertura general: sense filtres",
  "Solo el último turno (la apertura general) va sin filtros":
    "Només l'últim torn (l'obertura general) va sense filtres",
  "Ningún turno abre después de la apertura general": "Cap torn obri després de l'obertura general",
  "Escribe el código de la mesa": "Escriu el codi de la taula",
  "El código de la mesa tiene 6 letras o cifras": "El codi de la taula té 6 lletres o xifres",
  "Elige una inscripción": "Tria una inscripció",
  "Elige una mesa": "Tria una taula",
  "Indica un instante ISO 8601 (con zona)": "Indica un instant ISO 8601 (amb zona)",
  "Como mucho 20 socios": "Com a molt 20 socis",
  "Las dietas son: celiaco, vegetariano, vegano, sin_lactosa":
    "Les dietes són: celiaco, vegetariano, vegano, sin_lactosa",
  "Demasiadas devoluciones en una sola petición": "Massa devolucions en una sola petició",
  "El CIF es obligatorio": "El CIF és obligatori",
  "El aforo debe ser al menos 1 (déjalo vacío si no hay límite)":
    "L'aforament ha de ser almenys 1 (deixa'l buit si no hi ha límit)",
  "El aforo es un número entero": "L'aforament és un nombre enter",
  "El año de destino debe ser distinto del de origen":
    "L'any de destinació ha de ser distint del d'origen",
  "El año debe estar entre 2000 y 2099": "L'any ha d'estar entre 2000 i 2099",
  "El año debe estar entre 2000 y 2100": "L'any ha d'estar entre 2000 i 2100",
  "El año no es válido": "L'any no és vàlid",
  "El año va de 1900 a 2999": "L'any va de 1900 a 2999",
  "El color es un código como #c92a2a": "El color és un codi com #c92a2a",
  "El concepto es obligatorio": "El concepte és obligatori",
  "El código del motivo de devolución no es válido": "El codi del motiu de devolució no és vàlid",
  "El código no es válido": "El codi no és vàlid",
  "El código postal tiene 5 dígitos": "El codi postal té 5 dígits",
  "El enlace debe durar al menos 1 día": "L'enllaç ha de durar almenys 1 dia",
  "El enlace debe ser una ruta de la aplicación que empiece por «/» (p. ej. /vernoticias)":
    "L'enllaç ha de ser una ruta de l'aplicació que comence per «/» (p. ex. /vernoticias)",
  "El enlace no puede durar más de 365 días": "L'enllaç no pot durar més de 365 dies",
  "El formato es csv o xlsx.": "El format és csv o xlsx.",
  "El formato es xlsx o csv": "El format és xlsx o csv",
  "El identificador no es válido.": "L'identificador no és vàlid.",
  "El importe debe ser mayor que cero": "L'import ha de ser major que zero",
  "El importe es demasiado grande": "L'import és massa gran",
  "El importe no puede ser negativo": "L'import no pot ser negatiu",
  "El importe no puede tener más de dos decimales": "L'import no pot tindre més de dos decimals",
  "El informe no existe": "L'informe no existix",
  "El mensaje no puede tener más de 2000 caracteres":
    "El missatge no pot tindre més de 2000 caràcters",
  "El mes va de 1 a 12": "El mes va de 1 a 12",
  "El nombre es obligatorio": "El nom és obligatori",
  "El rol no existe": "El rol no existix",
  "El sufijo son 3 letras o números (normalmente 000)":
    "El sufix són 3 lletres o números (normalment 000)",
  "El tamaño de página debe ser un número entero.":
    "La grandària de pàgina ha de ser un nombre enter.",
  "El tamaño de página debe ser un número.": "La grandària de pàgina ha de ser un número.",
  "El tamaño de página va de 1 a 200": "La grandària de pàgina va d'1 a 200",
  "El tamaño de página va de 1 a 200.": "La grandària de pàgina va d'1 a 200.",
  "El tamaño de página va de 1 a 500": "La grandària de pàgina va d'1 a 500",
  "El texto de la noticia es demasiado largo": "El text de la notícia és massa llarg",
  "El tipo es «dinero» o «especie»": "El tipus és «dinero» o «especie»",
  "El título es obligatorio": "El títol és obligatori",
  "El título no puede tener más de 120 caracteres": "El títol no pot tindre més de 120 caràcters",
  "El año es un número entero": "L'any és un nombre enter",
  "El desfile es una clave corta (p. ej. entrada)":
    "La desfilada és una clau curta (p. ex. entrada)",
  "El tipo es ordinaria o especial": "El tipus és ordinària o especial",
  "La clase es junta, comision u otro": "La classe és junta, comissió o altre",
  "Como mucho 500 escuadras": "Com a molt 500 esquadres",
  "Una escuadra no puede repetirse en el desfile": "Una esquadra no pot repetir-se en la desfilada",
  "El código es una clave corta (p. ej. capitan)": "El codi és una clau curta (p. ex. capitan)",
  "El peso es un número entero de años": "El pes és un nombre enter d'anys",
  "El peso va de 0 a 10 años": "El pes va de 0 a 10 anys",
  "La fecha de fin no puede ser anterior a la de inicio":
    "La data de fi no pot ser anterior a la d'inici",
  "Elige un grupo válido": "Tria un grup vàlid",
  "Elige al menos un cargo": "Tria almenys un càrrec",
  "Elige un acto válido": "Tria un acte vàlid",
  "Elige un estado válido": "Tria un estat vàlid",
  "Escribe el asunto": "Escriu l'assumpte",
  "Escribe el mensaje": "Escriu el missatge",
  "Elige al menos un producto": "Tria almenys un producte",
  "Elige al menos un socio.": "Tria almenys un soci.",
  "Elige un producto válido": "Tria un producte vàlid",
  "Elige un socio válido": "Tria un soci vàlid",
  "Elige un tipo de acto válido": "Tria un tipus d'acte vàlid",
  "Elige un tipo de socio válido": "Tria un tipus de soci vàlid",
  "Elige un valor de la lista": "Tria un valor de la llista",
  "Escribe el código": "Escriu el codi",
  "Escribe el nombre del menú": "Escriu el nom del menú",
  "Escribe el título": "Escriu el títol",
  "Hay cargos repetidos": "Hi ha càrrecs repetits",
  "Hay productos repetidos": "Hi ha productes repetits",
  "Hay socios repetidos.": "Hi ha socis repetits.",
  "Hay un tipo de socio con dos precios": "Hi ha un tipus de soci amb dos preus",
  "Indica al menos un cargo devuelto": "Indica almenys un càrrec tornat",
  "Indica el código del motivo de devolución": "Indica el codi del motiu de devolució",
  "Indica el motivo de la anulación": "Indica el motiu de l'anul·lació",
  "Indica los cargos devueltos": "Indica els càrrecs tornats",
  "Indica los cargos que vuelven a ponerse al cobro":
    "Indica els càrrecs que tornen a posar-se al cobrament",
  "Indica qué cambia: invitados, menú o alergias":
    "Indica què canvia: convidats, menú o al·lèrgies",
  "Indica si asistió (true o false)": "Indica si hi va assistir (true o false)",
  "Indica sí o no": "Indica sí o no",
  "Introduce la contraseña": "Introduïx la contrasenya",
  "Introduce un BIC válido (8 u 11 caracteres)": "Introduïx un BIC vàlid (8 o 11 caràcters)",
  "Introduce un CIF o NIF válido": "Introduïx un CIF o NIF vàlid",
  "Introduce un IBAN válido": "Introduïx un IBAN vàlid",
  "Introduce un año entre 1900 y 2200": "Introduïx un any entre 1900 i 2200",
  "Introduce un año válido": "Introduïx un any vàlid",
  "Introduce un color válido (#rrggbb)": "Introduïx un color vàlid (#rrggbb)",
  "Introduce un identificador válido": "Introduïx un identificador vàlid",
  "Introduce un importe válido": "Introduïx un import vàlid",
  "Introduce un número entero": "Introduïx un nombre enter",
  "Introduce una fecha válida (AAAA-MM-DD)": "Introduïx una data vàlida (AAAA-MM-DD)",
  "Introduce una hora válida (HH:mm)": "Introduïx una hora vàlida (HH:mm)",
  "La audiencia es «todos» o «socios»": "L'audiència és «todos» o «socios»",
  "La búsqueda es demasiado larga": "La busca és massa llarga",
  "La búsqueda no puede tener más de 100 caracteres.":
    "La busca no pot tindre més de 100 caràcters.",
  "La edad no puede ser negativa": "L'edat no pot ser negativa",
  "La entidad no es válida.": "L'entitat no és vàlida.",
  "La etiqueta es demasiado larga": "L'etiqueta és massa llarga",
  "La fecha de nacimiento no puede ser futura": "La data de naixement no pot ser futura",
  "La fecha final no puede ser anterior a la inicial":
    "La data final no pot ser anterior a la inicial",
  "La imagen debe ser una dirección http(s) o una ruta de este servidor":
    "La imatge ha de ser una adreça http(s) o una ruta d'este servidor",
  "La persona no es válida.": "La persona no és vàlida.",
  "La página debe ser un número entero.": "La pàgina ha de ser un nombre enter.",
  "La página debe ser un número.": "La pàgina ha de ser un número.",
  "El estado es «confirmada» o «en_espera»": "L'estat és «confirmada» o «en_espera»",
  "La página empieza en 1": "La pàgina comença en 1",
  "La página empieza en 1.": "La pàgina comença en 1.",
  "La página es demasiado grande.": "La pàgina és massa gran.",
  "La visibilidad es «administrador», «socios» o «todos»":
    "La visibilitat és «administrador», «socios» o «todos»",
  "Los años deben ser un número entero entre 1 y 50.":
    "Els anys han de ser un nombre enter entre 1 i 50.",
  "Los días son un número entero": "Els dies són un nombre enter",
  "Los invitados no pueden ser negativos": "Els convidats no poden ser negatius",
  "Los invitados son un número entero": "Els convidats són un nombre enter",
  "No puede ser negativo": "No pot ser negatiu",
  "Una etiqueta no puede estar vacía": "Una etiqueta no pot estar buida",
  "Una etiqueta no puede tener más de 50 caracteres":
    "Una etiqueta no pot tindre més de 50 caràcters",
  "«todos» solo puede ser true": "«todos» només pot ser true",
  "Describe lo que se da en especie": "Descriu el que es dona en espècie",
  "El importe en dinero tiene que ser mayor que cero":
    "L'import en diners ha de ser major que zero",
  "Elige un socio o escribe el nombre de quien da": "Tria un soci o escriu el nom de qui dona",
  "Hay dos precios para el mismo tipo de socio": "Hi ha dos preus per al mateix tipus de soci",
  "Hay menús repetidos": "Hi ha menús repetits",
  "La fecha máxima de inscripción no puede ser posterior al acto":
    "La data màxima d'inscripció no pot ser posterior a l'acte",
  "El nombre es obligatorio.": "El nom és obligatori.",
  "El NIF o NIE no es válido": "El NIF o NIE no és vàlid",
  "Introduce un correo electrónico válido": "Introduïx un correu electrònic vàlid",
  "El número tiene cinco cifras (p. ej. 05473)": "El número té cinc xifres (p. ex. 05473)",
  "Los décimos son un número entero": "Els dècims són un nombre enter",
  "Cada número lleva al menos un décimo": "Cada número porta almenys un dècim",
  "El sorteo es obligatorio": "El sorteig és obligatori",
  "El precio del décimo debe ser mayor que cero": "El preu del dècim ha de ser major que zero",
  "Indica al menos un número": "Indica almenys un número",
  "El importe jugado debe ser mayor que cero": "L'import jugat ha de ser major que zero",
  "La serie es un número entero": "La sèrie és un nombre enter",
  "La serie empieza en 1": "La sèrie comença en 1",
  "Las vendidas son un número entero": "Les venudes són un nombre enter",
  "Las vendidas no pueden ser negativas": "Les venudes no poden ser negatives",
  "Hay series repetidas": "Hi ha sèries repetides",
  "Indica las vendidas ({vendidas: n}) o las series devueltas ({devueltas: [...]})":
    "Indica les venudes ({vendidas: n}) o les sèries tornades ({devueltas: [...]})",
  "La serie final no puede ser menor que la inicial":
    "La sèrie final no pot ser menor que la inicial",
  "Hay un número con dos premios": "Hi ha un número amb dos premis",
  "El estado es pendiente o liquidado": "L'estat és pendiente o liquidado",
  "El estado es valida, anulada o devuelta": "L'estat és valida, anulada o devuelta",
  "Indica el nombre del comprador": "Indica el nom del comprador",
  "El id del socio no es válido": "L'id del soci no és vàlid",
  "La cantidad de talonarios es un entero mayor que cero":
    "La quantitat de talonaris és un enter major que zero",
  "Las participaciones de un talonario son un entero mayor que cero":
    "Les participacions d'un talonari són un enter major que zero",
  "La fecha límite de devolución no puede ser posterior al sorteo":
    "La data límit de devolució no pot ser posterior al sorteig",
  "Un donativo de más del 20 % del importe jugado necesita la autorización del recargo":
    "Un donatiu de més del 20 % de l'import jugat necessita l'autorització del recàrrec",
  "El talonario ya está liquidado": "El talonari ja està liquidat",
  "Ya hay participaciones emitidas: los números, el importe jugado, el donativo y el precio del décimo no cambian":
    "Ja hi ha participacions emeses: els números, l'import jugat, el donatiu i el preu del dècim no canvien",
  "Los premios se anotan a partir del día del sorteo":
    "Els premis s'anoten a partir del dia del sorteig",
  "Este talonario ya tiene 1 participación digital vendida":
    "Este talonari ja té 1 participació digital venuda",
  "Falta el registro 88 de fin de fichero": "Falta el registre 88 de fi de fitxer",
  "El fichero no trae ninguna cuenta (registro 11)": "El fitxer no porta cap compte (registre 11)",
};

/** Texts built from a value: the value is kept, the words change. */
const PATRONES: [RegExp, string][] = [
  [
    /^La contraseña debe tener al menos (\d+) caracteres$/,
    "La contrasenya ha de tindre almenys $1 caràcters",
  ],
  [
    /^La contraseña no puede tener más de (\d+) caracteres$/,
    "La contrasenya no pot tindre més de $1 caràcters",
  ],
  [/^No puede tener más de (\d+) caracteres$/, "No pot tindre més de $1 caràcters"],
  [/^No puede ser mayor que (.+)$/, "No pot ser major que $1"],
  [/^Como mucho (\d+) invitados$/, "Com a molt $1 convidats"],
  [/^Como mucho (\d+) menús$/, "Com a molt $1 menús"],
  [/^Como mucho (\d+) eventos por envío$/, "Com a molt $1 esdeveniments per enviament"],
  [/^Como mucho (\d+) vistas por envío$/, "Com a molt $1 vistes per enviament"],
  [/^Como mucho (\d+) cargos a la vez$/, "Com a molt $1 càrrecs alhora"],
  [/^Como mucho (\d+) socios de una vez\.$/, "Com a molt $1 socis d'una vegada."],
  [/^Como mucho (\d+) a la vez$/, "Com a molt $1 alhora"],
  [/^El aforo no puede ser mayor que (\d+)$/, "L'aforament no pot ser major que $1"],
  [/^Elige una de estas opciones: (.+)$/, "Tria una d'estes opcions: $1"],
  [/^Elige un estado: (.+)$/, "Tria un estat: $1"],
  [/^Elige un tipo de producto: (.+)$/, "Tria un tipus de producte: $1"],
  [/^El estado debe ser uno de: (.+)$/, "L'estat ha de ser un de: $1"],
  [/^El origen es: (.+)$/, "L'origen és: $1"],
  [
    /^Ordena por: (.+) \(con - delante para descendente\)$/,
    "Ordena per: $1 (amb - davant per a descendent)",
  ],
  [
    /^Un anuncio puede tener como mucho (\d+) etiquetas$/,
    "Un anunci pot tindre com a molt $1 etiquetes",
  ],
  [
    /^Un anuncio puede tener como mucho (\d+) imágenes$/,
    "Un anunci pot tindre com a molt $1 imatges",
  ],
  [/^Columnas posibles: (.+)$/, "Columnes possibles: $1"],
  [/^Como mucho (\d+) décimos por número$/, "Com a molt $1 dècims per número"],
  [/^Como mucho (\d+) números$/, "Com a molt $1 números"],
  [/^Como mucho (\d+) series$/, "Com a molt $1 sèries"],
  [/^Como mucho (\d+) talonarios a la vez$/, "Com a molt $1 talonaris alhora"],
  [/^Como mucho (\d+) participaciones por talonario$/, "Com a molt $1 participacions per talonari"],
  [/^El número (\d+) está repetido$/, "El número $1 està repetit"],
  [
    /^El importe jugado \((.+)\) no se reparte en céntimos enteros entre (\d+) números$/,
    "L'import jugat ($1) no es repartix en cèntims sencers entre $2 números",
  ],
  [
    /^Los décimos del número (\d+) no cubren ni una participación$/,
    "Els dècims del número $1 no cobrixen ni una participació",
  ],
  [
    /^El número (\d+) solo cubre 1 participación más$/,
    "El número $1 només cobrix 1 participació més",
  ],
  [
    /^El número (\d+) solo cubre (\d+) participaciones más$/,
    "El número $1 només cobrix $2 participacions més",
  ],
  [
    /^El número (\d+) ya no cubre más participaciones$/,
    "El número $1 ja no cobrix més participacions",
  ],
  [
    /^Con ese cambio el número (\d+) cubre 1 participación y ya hay (\d+) emitidas$/,
    "Amb eixe canvi el número $1 cobrix 1 participació i ja n'hi ha $2 emeses",
  ],
  [
    /^Con ese cambio el número (\d+) cubre (\d+) participaciones y ya hay (\d+) emitidas$/,
    "Amb eixe canvi el número $1 cobrix $2 participacions i ja n'hi ha $3 emeses",
  ],
  [/^El plazo de devolución terminó el (.+)$/, "El termini de devolució va acabar el $1"],
  [
    /^Las vendidas van de 0 a (\d+) \(las participaciones sin anular del talonario\)$/,
    "Les venudes van de 0 a $1 (les participacions sense anul·lar del talonari)",
  ],
  [
    /^Este talonario ya tiene (\d+) participaciones digitales vendidas$/,
    "Este talonari ja té $1 participacions digitals venudes",
  ],
  [
    /^La serie (\d+) no es de este talonario \((\d+)–(\d+)\)$/,
    "La sèrie $1 no és d'este talonari ($2–$3)",
  ],
  [/^La serie (\d+) está anulada$/, "La sèrie $1 està anul·lada"],
  [/^La serie (\d+) ya está anulada$/, "La sèrie $1 ja està anul·lada"],
  [/^La serie (\d+) está repetida$/, "La sèrie $1 està repetida"],
  [
    /^La serie (\d+) es una participación digital vendida$/,
    "La sèrie $1 és una participació digital venuda",
  ],
  [
    /^Las series a anular tienen que ser del talonario \((\d+)–(\d+)\)$/,
    "Les sèries que s'anul·len han de ser del talonari ($1–$2)",
  ],
  [/^La lotería no tiene el número (\d+)$/, "La loteria no té el número $1"],
  [/^(\S+) es true o false \(o 1 o 0\)$/, "$1 és true o false (o 1 o 0)"],
  [
    /^Cuenta (\S+): el saldo final \((.+)\) no es el inicial más los movimientos \((.+)\)$/,
    "Compte $1: el saldo final ($2) no és l'inicial més els moviments ($3)",
  ],
  [
    /^Línea (\d+): el saldo final \((.+)\) no es el inicial más los abonos menos los cargos \((.+)\)$/,
    "Línia $1: el saldo final ($2) no és l'inicial més els abonaments menys els càrrecs ($3)",
  ],
  [
    /^Línea (\d+): el registro tiene (\d+) caracteres y debe tener 80$/,
    "Línia $1: el registre té $2 caràcters i n'ha de tindre 80",
  ],
  [
    /^Línea (\d+): hay registros después del registro 88 \(línea (\d+)\)$/,
    "Línia $1: hi ha registres després del registre 88 (línia $2)",
  ],
  [
    /^Línea (\d+): la cuenta del registro 33 no es la del registro 11 \(línea (\d+)\)$/,
    "Línia $1: el compte del registre 33 no és el del registre 11 (línia $2)",
  ],
  [
    /^Línea (\d+): el registro 33 dice (\d+) apuntes en el debe y la cuenta tiene (\d+)$/,
    "Línia $1: el registre 33 diu $2 apunts en el deure i el compte en té $3",
  ],
  [
    /^Línea (\d+): el registro 33 dice (\d+) apuntes en el haber y la cuenta tiene (\d+)$/,
    "Línia $1: el registre 33 diu $2 apunts en l'haver i el compte en té $3",
  ],
  [
    /^Línea (\d+): el total del debe del registro 33 \((.+)\) no es la suma de sus apuntes \((.+)\)$/,
    "Línia $1: el total del deure del registre 33 ($2) no és la suma dels seus apunts ($3)",
  ],
  [
    /^Línea (\d+): el total del haber del registro 33 \((.+)\) no es la suma de sus apuntes \((.+)\)$/,
    "Línia $1: el total de l'haver del registre 33 ($2) no és la suma dels seus apunts ($3)",
  ],
  [/^Línea (\d+): la cuenta «(.+)» no son 18 cifras$/, "Línia $1: el compte «$2» no són 18 xifres"],
  [
    /^Línea (\d+): la fecha «(.+)» no es una fecha AAMMDD$/,
    "Línia $1: la data «$2» no és una data AAMMDD",
  ],
  [/^Línea (\d+): «(.+)» no es un número$/, "Línia $1: «$2» no és un número"],
  [
    /^Línea (\d+): la clave de debe o haber es «(.*)» y debe ser 1 o 2$/,
    "Línia $1: la clau de deure o haver és «$2» i ha de ser 1 o 2",
  ],
  [
    /^Línea (\d+): empieza una cuenta sin el registro 33 de la anterior \(línea (\d+)\)$/,
    "Línia $1: comença un compte sense el registre 33 de l'anterior (línia $2)",
  ],
  [
    /^Línea (\d+): un movimiento \(registro 22\) sin su cuenta \(registro 11\)$/,
    "Línia $1: un moviment (registre 22) sense el seu compte (registre 11)",
  ],
  [
    /^Línea (\d+): un registro (23|24) sin su movimiento \(registro 22\)$/,
    "Línia $1: un registre $2 sense el seu moviment (registre 22)",
  ],
  [
    /^Línea (\d+): un movimiento no puede tener más de 5 registros 23$/,
    "Línia $1: un moviment no pot tindre més de 5 registres 23",
  ],
  [
    /^Línea (\d+): un final de cuenta \(registro 33\) sin su registro 11$/,
    "Línia $1: un final de compte (registre 33) sense el seu registre 11",
  ],
  [
    /^Línea (\d+): la cuenta de la línea (\d+) no termina con su registro 33$/,
    "Línia $1: el compte de la línia $2 no acaba amb el seu registre 33",
  ],
  [
    /^Línea (\d+): el registro 88 dice (\d+) registros y el fichero tiene (\d+)$/,
    "Línia $1: el registre 88 diu $2 registres i el fitxer en té $3",
  ],
  [
    /^Línea (\d+): «(.*)» no es un código de registro de la norma 43$/,
    "Línia $1: «$2» no és un codi de registre de la norma 43",
  ],
];

/**
 * Whether the table knows `texto` (some are the same in both languages, such as «Indica sí o
 * no»), or, with `plantilla`, some known text fits it (a message built from a value).
 */
export function conoceTextoDominio(texto: string, plantilla?: RegExp): boolean {
  if (plantilla) return Object.keys(EXACTOS).some((t) => plantilla.test(t));
  return Object.hasOwn(EXACTOS, texto) || PATRONES.some(([patron]) => patron.test(texto));
}

/** A Spanish text of the domain in Valencian, or the same text when it is not known. */
export function textoDominioEnValenciano(texto: string): string {
  const exacto = EXACTOS[texto];
  if (exacto !== undefined) return exacto;
  for (const [patron, plantilla] of PATRONES) {
    if (patron.test(texto)) return texto.replace(patron, plantilla);
  }
  return texto;
}
