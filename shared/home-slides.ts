/** The most slides the home page carousel holds (Store customization → Sliders). */
export const MAX_HOME_SLIDES = 8;
