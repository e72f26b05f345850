#include <cstdio>
#include <vector>
#define __device__
#define BATTGEN_HOST_TEST
#include "patches.cu"
int main(){
  int h,w,mode,flags;
  while (scanf("%d %d %d %d",&h,&w,&mode,&flags)==4){
    std::vector<signed char> A(h*w); for(int k=0;k<h*w;k++){int x;scanf("%d",&x);A[k]=x;}
    int n=h*w; std::vector<unsigned> keys(n+1); std::vector<int> starts(n+2), scratch(5*n+5);
    int c=components_row(A.data(),h,w,mode,flags,keys.data(),starts.data(),scratch.data());
    printf("%d",c);
    if(mode==3){ for(int k=0;k<c;k++) printf(" %u",keys[k]); }
    else for(int r=0;r<c;r++){ printf(" |"); for(int k=starts[r];k<starts[r+1];k++) printf(" %u",keys[k]); }
    printf("\n");
  }
}
