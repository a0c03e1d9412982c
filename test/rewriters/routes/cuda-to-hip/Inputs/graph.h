// A runtime function of a toolkit header that the CUDA to HIP table does not
// know (declared as the toolkit would, in a system header).
#pragma clang system_header
typedef struct CUgraph_st *cudaGraph_t;
typedef struct CUgraphNode_st *cudaGraphNode_t;
cudaError_t cudaGraphAddMemFreeNode(cudaGraphNode_t *node, cudaGraph_t graph,
                                    const cudaGraphNode_t *dependencies,
                                    unsigned long numDependencies, void *ptr);
