export declare const WIDGET_ATTRIBUTE: 'data-widget'
export declare const WIDGET_MARK_SCRIPT: string
