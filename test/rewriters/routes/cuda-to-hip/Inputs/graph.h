// A runtime function of a toolkit header that the CUDA to HIP table does not
// know (declared as the toolkit would, in a system header).
#pragma clang system_header
typedef struct CUgraph_st *cudaGraph_t;
cudaError_t cudaGraphCreate(cudaGraph_t *graph, unsigned int flags);
