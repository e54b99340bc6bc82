export declare function answeredAtEdge<T>(answer: () => Promise<T>): Promise<T>
export declare function beforeEdgeAnswer(work: () => Promise<unknown>): boolean
