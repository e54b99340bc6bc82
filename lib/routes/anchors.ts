/** The home page's product choice: where "Jetzt empfehlen" leads (href(ctx, 'Homepage', …, PRODUCT_CHOICE)). */
export const PRODUCT_CHOICE = 'produktauswahl'
