const AREA = new Intl.NumberFormat('pl-PL', { maximumFractionDigits: 2 })

/** '54,2' for 54.2 m². */
export const formatArea = (area: number) => AREA.format(area)
